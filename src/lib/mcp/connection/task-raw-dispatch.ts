/**
 * A raw JSON-RPC request path over a connection's own transport, for the Tasks extension on
 * 2026-07-28: the SDK client refuses a `tools/call` answered with `resultType: "task"`
 * (`UnsupportedResultType`), so the ext-tasks session sends its task traffic here instead.
 * The request goes out on the same transport (same headers, credentials and protocol log;
 * the transport derives the `Mcp-Method`/`Mcp-Name` headers from the framed body) with an id
 * of its own, and its response is taken off the transport before the SDK client sees it.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { JsonRpcResponse, RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import { AutoUiError, isPlainObject } from '$lib/shared';

type Waiter = { resolve: (response: JsonRpcResponse) => void; reject: (error: unknown) => void };

/** Per transport: the raw requests waiting for their response, by id. */
const pending = new WeakMap<Transport, Map<string, Waiter>>();
let nextId = 0;

function waitersOf(transport: Transport): Map<string, Waiter> {
	const known = pending.get(transport);
	if (known) return known;
	const waiters = new Map<string, Waiter>();
	pending.set(transport, waiters);
	const client = transport.onmessage;
	transport.onmessage = (message, extra) => {
		const id = isPlainObject(message) ? (message as { id?: unknown }).id : undefined;
		const waiter = typeof id === 'string' ? waiters.get(id) : undefined;
		if (!waiter) return client?.(message, extra);
		waiters.delete(id as string);
		const record = message as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
		waiter.resolve(
			record.error
				? { kind: 'error', error: record.error as Extract<JsonRpcResponse, { kind: 'error' }>['error'] }
				: { kind: 'result', result: (record.result ?? {}) as Extract<JsonRpcResponse, { kind: 'result' }>['result'] }
		);
	};
	// A closed transport answers nothing more: the requests still waiting fail at once.
	const closed = transport.onclose;
	transport.onclose = () => {
		for (const waiter of waiters.values())
			waiter.reject(
				new AutoUiError('mcp_disconnected', 'The connection to the MCP server closed during a task request.')
			);
		waiters.clear();
		closed?.();
	};
	return waiters;
}

/**
 * The raw path of `transport` (installed once per transport, after the client connected).
 * Each request ends with the server's response, the caller's abort, or the transport closing.
 */
export function rawDispatchOver(transport: Transport): RawClientDispatch {
	const waiters = waitersOf(transport);
	return (request, options) => {
		const id = `autoui-task-${++nextId}`;
		const message = { ...(request as Record<string, unknown>), jsonrpc: '2.0', id } as JSONRPCMessage;
		const signal = options?.signal;
		return new Promise<JsonRpcResponse>((resolve, reject) => {
			if (signal?.aborted) return reject(signal.reason);
			const stopStream = new AbortController();
			const onAbort = () => {
				waiters.delete(id);
				stopStream.abort();
				reject(
					signal?.reason ??
						new AutoUiError('aborted', `${String(request && (request as { method?: unknown }).method)} was cancelled`)
				);
			};
			signal?.addEventListener('abort', onAbort, { once: true });
			const settle = () => signal?.removeEventListener('abort', onAbort);
			waiters.set(id, {
				resolve: (response) => {
					settle();
					resolve(response);
				},
				reject: (error) => {
					settle();
					reject(error);
				}
			});
			transport
				.send(message, { requestSignal: stopStream.signal, headers: options?.context?.headers })
				.catch((error: unknown) => {
					signal?.removeEventListener('abort', onAbort);
					waiters.delete(id);
					reject(error);
				});
		});
	};
}
