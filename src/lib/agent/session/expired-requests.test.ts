import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKeyValueStore } from '$lib/shared';
import { Conversation, type ConversationDeps } from './conversation';
import type { AgentEvent } from '../events';
import { createMockProvider } from '../testing';

function setup(extra: Partial<ConversationDeps> = {}) {
	const provider = createMockProvider([]);
	const conversation = new Conversation({
		provider: async () => provider,
		tools: () => ({ layers: [], servers: [] }),
		ui: {},
		onChange: () => undefined,
		...extra
	});
	return { conversation };
}

describe('server requests from an earlier page', () => {
	const request = (requestId: string, at: number): AgentEvent => ({
		type: 'server-request',
		at,
		turnId: 't1',
		requestId,
		server: 'everything',
		method: 'sampling/createMessage',
		params: { messages: [], maxTokens: 10 },
		origin: 'model'
	});

	it('are marked expired on load, except those this page still holds; answered ones stay as they ended', async () => {
		const store = openKeyValueStore({ dbName: `test-${Math.random()}` });
		const answered: AgentEvent = {
			type: 'server-response',
			at: 1_500,
			turnId: 't1',
			requestId: 'r_answered',
			server: 'everything',
			method: 'sampling/createMessage',
			decision: 'typed',
			elapsedMs: 500
		};
		const events = [request('r_answered', 1_000), answered, request('r_lost', 2_000), request('r_held', 3_000)];
		await store.set('chat.v1', { version: 1, history: [], events, turns: [] });
		const { conversation } = setup({ store, answerable: (id) => id === 'r_held' });
		expect(await conversation.restore()).toBeNull();
		const responses = conversation.events.filter((event) => event.type === 'server-response');
		expect(responses.map((event) => [event.requestId, event.decision])).toEqual([
			['r_answered', 'typed'],
			['r_lost', 'expired']
		]);

		// Saved so, it stays expired; a page with no requests of its own expires the rest.
		await conversation.flush();
		const later = setup({ store });
		await later.conversation.restore();
		expect(
			later.conversation.events.flatMap((event) =>
				event.type === 'server-response' ? [`${event.requestId}:${event.decision}`] : []
			)
		).toEqual(['r_answered:typed', 'r_lost:expired', 'r_held:expired']);
	});
});
