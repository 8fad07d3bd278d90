/**
 * The client side of 2025-11-25 tasks (SEP-1686): a server may send its sampling and
 * elicitation requests as tasks (`params.task`), then poll `tasks/get` and wait on
 * `tasks/result`. The official receiver (`@modelcontextprotocol/ext-tasks/receiver`, loaded
 * with the SDK) owns the task state, cancellation and status notifications; each task runs
 * the same handler a plain request does, so the user answers it the same way. Declared only
 * for the requests this app answers, so servers offer their task-augmented tools (e.g.
 * server-everything's `trigger-sampling-request-async`) to a client that can serve them.
 */
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { TaskReceiverOptions } from '@modelcontextprotocol/ext-tasks/receiver';
import type { ActiveCall, ClientHandlers } from './client-handlers';

/** How long a task the server gave us is kept (from its creation). */
export const receivedTaskTtlMs = 10 * 60_000;
/** Most tasks kept per connection (the oldest finished one makes room). */
export const receivedTaskLimit = 50;

/** The `tasks` client capability for the handlers given (undefined when none can run as a task). */
export function taskRequestsCapability(handlers: ClientHandlers | undefined): ClientCapabilities['tasks'] | undefined {
	if (!handlers?.createMessage && !handlers?.elicit) return undefined;
	return {
		list: {},
		cancel: {},
		requests: {
			...(handlers.createMessage ? { sampling: { createMessage: {} } } : {}),
			...(handlers.elicit ? { elicitation: { create: {} } } : {})
		}
	};
}

type Bind = (client: Client, options: TaskReceiverOptions) => { close(): void };

/**
 * Answers task-augmented sampling and elicitation requests on `client` with the handlers
 * (installed after the plain ones, which keep answering requests that are not tasks).
 */
export function installTaskReceiver(
	client: Client,
	handlers: ClientHandlers | undefined,
	activeCalls: () => readonly ActiveCall[],
	bind: Bind
): { close(): void } | undefined {
	const { createMessage, elicit } = handlers ?? {};
	if (!createMessage && !elicit) return undefined;
	return bind(client, {
		methods: { 'sampling/createMessage': !!createMessage, 'elicitation/create': !!elicit },
		ttlMs: receivedTaskTtlMs,
		maxTasks: receivedTaskLimit,
		...(createMessage
			? {
					sampling: async (request, { signal }) =>
						JSON.parse(
							JSON.stringify(
								await createMessage(request.params as Parameters<typeof createMessage>[0], signal, {
									calls: activeCalls()
								})
							)
						)
				}
			: {}),
		...(elicit
			? {
					elicitation: async (request, { signal }) =>
						JSON.parse(
							JSON.stringify(
								await elicit(request.params as Parameters<typeof elicit>[0], signal, { calls: activeCalls() })
							)
						)
				}
			: {})
	});
}
