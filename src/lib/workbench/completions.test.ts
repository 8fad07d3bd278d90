import { describe, expect, it } from 'vitest';
import type { McpConnection } from '$lib/mcp';
import { suggestValues } from './completions';

/** A connection whose client answers `complete` with `answer`, recording each request. */
function connection(completions: boolean, answer: () => Promise<{ completion: { values: string[] } }>) {
	const requests: unknown[] = [];
	const client = { complete: (request: unknown) => (requests.push(request), answer()) };
	const fake = {
		serverCapabilities: completions ? { completions: {} } : {},
		withClient: (action: (client: unknown) => Promise<unknown>) => action(client)
	};
	return { connection: fake as unknown as McpConnection, requests };
}

describe('suggestValues', () => {
	it('asks for one argument with the values filled so far and returns what the server suggests', async () => {
		const { connection: server, requests } = connection(true, async () => ({
			completion: { values: ['oslo', 'osaka'] }
		}));
		const found = await suggestValues(server, { type: 'ref/prompt', name: 'weather' }, 'city', 'os', { country: 'no' });
		expect(found).toEqual(['oslo', 'osaka']);
		expect(requests).toEqual([
			{
				ref: { type: 'ref/prompt', name: 'weather' },
				argument: { name: 'city', value: 'os' },
				context: { arguments: { country: 'no' } }
			}
		]);
	});

	it('suggests nothing, without asking, when the server has no completions or no connection', async () => {
		const { connection: server, requests } = connection(false, async () => ({ completion: { values: ['x'] } }));
		expect(
			await suggestValues(server, { type: 'ref/resource', uri: 'file:///{path}' }, 'path', '', {})
		).toBeUndefined();
		expect(
			await suggestValues(undefined, { type: 'ref/resource', uri: 'file:///{path}' }, 'path', '', {})
		).toBeUndefined();
		expect(requests).toEqual([]);
	});

	it('suggests nothing when the server refuses', async () => {
		const { connection: server } = connection(true, () => Promise.reject(new Error('Method not found')));
		expect(await suggestValues(server, { type: 'ref/prompt', name: 'weather' }, 'city', 'o', {})).toBeUndefined();
	});
});
