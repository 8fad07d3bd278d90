/**
 * Watching a resource for `notifications/resources/updated`: on 2026-07-28 through a
 * `subscriptions/listen` stream (which replaces `resources/subscribe` there), before it with
 * `resources/subscribe` / `resources/unsubscribe`. The notifications reach the client's usual
 * handler either way.
 */
import type { Client } from '@modelcontextprotocol/client';
import { modernRevision } from '$lib/mcp';

/** A resource being watched; `close` stops the updates. */
export interface ResourceWatch {
	uri: string;
	/** `subscriptions/listen` or `resources/subscribe`. */
	method: 'subscriptions/listen' | 'resources/subscribe';
	close(): Promise<void>;
}

type WatchClient = Pick<Client, 'listen' | 'subscribeResource' | 'unsubscribeResource'>;

/** Starts watching `uri` the way the server's protocol revision (`version`) expects. */
export async function watchResource(
	client: WatchClient,
	uri: string,
	version: string | undefined
): Promise<ResourceWatch> {
	if (version && version >= modernRevision) {
		const subscription = await client.listen({ resourceSubscriptions: [uri] });
		return { uri, method: 'subscriptions/listen', close: () => subscription.close() };
	}
	await client.subscribeResource({ uri });
	return {
		uri,
		method: 'resources/subscribe',
		close: async () => {
			await client.unsubscribeResource({ uri });
		}
	};
}
