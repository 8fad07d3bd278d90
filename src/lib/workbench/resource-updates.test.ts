import { describe, expect, it } from 'vitest';
import { watchResource } from './resource-updates';

/** A client that records the requests it was asked to send. */
function recordingClient() {
	const sent: Array<{ method: string; params: unknown }> = [];
	const client = {
		listen: async (filter: unknown) => {
			sent.push({ method: 'subscriptions/listen', params: filter });
			return {
				honoredFilter: filter,
				closed: Promise.resolve('local' as const),
				close: async () => void sent.push({ method: 'close', params: undefined })
			};
		},
		subscribeResource: async (params: unknown) => (sent.push({ method: 'resources/subscribe', params }), {}),
		unsubscribeResource: async (params: unknown) => (sent.push({ method: 'resources/unsubscribe', params }), {})
	};
	return { client: client as unknown as Parameters<typeof watchResource>[0], sent };
}

describe('watchResource', () => {
	it('listens with subscriptions/listen on 2026-07-28', async () => {
		const { client, sent } = recordingClient();
		const watch = await watchResource(client, 'demo://a', '2026-07-28');
		expect(watch.method).toBe('subscriptions/listen');
		await watch.close();
		expect(sent).toEqual([
			{ method: 'subscriptions/listen', params: { resourceSubscriptions: ['demo://a'] } },
			{ method: 'close', params: undefined }
		]);
	});

	it('subscribes with resources/subscribe before it', async () => {
		const { client, sent } = recordingClient();
		const watch = await watchResource(client, 'demo://a', '2025-11-25');
		await watch.close();
		expect(sent.map((entry) => entry.method)).toEqual(['resources/subscribe', 'resources/unsubscribe']);
	});
});
