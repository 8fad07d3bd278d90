import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { capabilitiesFor } from '$lib/mcp/connection/client-handlers';
import { LazyServerRequests } from './lazy-server-requests.svelte';
import { ServerRequests } from './server-requests.svelte';

const storage = (roots: Record<string, { uri: string }[]>) => ({
	getItem: () => JSON.stringify(roots),
	setItem: () => undefined
});

describe('LazyServerRequests', () => {
	it('advertises the same capabilities as the requests it loads', () => {
		expect(capabilitiesFor(new LazyServerRequests().handlersFor('files'))).toEqual(
			capabilitiesFor(new ServerRequests().handlersFor('files'))
		);
	});

	it('answers what servers asked before its code arrived, in order, once it does', async () => {
		const events: AgentEvent[] = [];
		const requests = new LazyServerRequests({
			storage: storage({ files: [{ uri: 'file:///work' }] }),
			onEvent: (event) => events.push(event)
		});
		expect(requests.current).toBeUndefined();
		const handlers = requests.handlersFor('files');
		const roots = handlers.listRoots!();
		const answer = handlers.elicit!(
			{ mode: 'form', message: 'Your name?', requestedSchema: { type: 'object', properties: {} } },
			new AbortController().signal,
			{ calls: [] }
		);
		expect(await roots).toEqual([{ uri: 'file:///work' }]);
		const loaded = requests.current!;
		expect(loaded).toBeInstanceOf(ServerRequests);
		const pending = loaded.pending[0];
		expect(requests.request(pending.id)).toBe(pending);
		loaded.answerElicitation(pending.id, 'decline');
		expect(await answer).toEqual({ action: 'decline' });
		expect(events.map((event) => event.type)).toEqual(['server-request', 'server-response']);
	});
});
