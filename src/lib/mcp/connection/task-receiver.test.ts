/**
 * The client side of 2025-11-25 tasks against server-everything (installed, pinned): with the
 * tasks capability declared it lists its 19 tools (the two `-async` ones included), and its
 * `trigger-sampling-request-async` gets its sampling answered as a task it polls to the end.
 */
import { describe, expect, it } from 'vitest';
import { startEverything } from '../../../../tests/fixtures/mcp/launchers';
import { capabilitiesFor } from './client-handlers';
import { connectedForTests } from './task-testing';

describe('requests a server sends as tasks', () => {
	const sampled: string[] = [];
	const live = connectedForTests(
		() => startEverything({ mode: 'streamableHttp' }),
		(server) => ({
			name: 'Everything',
			url: server.url,
			protocol: 'legacy',
			handlers: {
				createMessage: async (params) => {
					sampled.push(JSON.stringify(params.messages));
					return { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'The tide is high.' } };
				},
				elicit: async () => ({ action: 'decline' }),
				// The app's handlers answer roots too (server-everything's get-roots-list needs them).
				listRoots: () => []
			}
		})
	);

	it('declares the tasks capability only for the requests it answers', () => {
		expect(capabilitiesFor({}).tasks).toBeUndefined();
		expect(capabilitiesFor({ createMessage: async () => ({}) as never }).tasks).toEqual({
			list: {},
			cancel: {},
			requests: { sampling: { createMessage: {} } }
		});
	});

	it('is offered the task-augmented tools: 19 in all', () => {
		const names = live.connection.layer().tools.map((tool) => tool.name);
		expect(names).toHaveLength(19);
		expect(names).toEqual(
			expect.arrayContaining(['trigger-sampling-request-async', 'trigger-elicitation-request-async'])
		);
	});

	it('answers a sampling request sent as a task, which the server polls to its result', async () => {
		const result = await live.connection.callTool('trigger-sampling-request-async', { prompt: 'tides', maxTokens: 20 });
		const text = JSON.stringify(result.content);
		expect(result.isError).toBeFalsy();
		expect(sampled.some((messages) => messages.includes('tides'))).toBe(true);
		expect(text).toContain('Task created');
		expect(text).toContain('The tide is high.');
	}, 30_000);
});
