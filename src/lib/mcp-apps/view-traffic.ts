/**
 * A View's JSON-RPC traffic as console entries: a request and its answer become one entry
 * (method, direction, status, elapsed time, a preview of the answer), notifications one each
 * — a View's partial-input notifications at most once a second (the View itself gets all).
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isPlainObject, safeStringify } from '$lib/shared';
import type { ViewEventInput } from './host-port';

/** How often a View's partial-input notifications are recorded in the console at most, in ms. */
const partialRecordIntervalMs = 1_000;

/** The start of a value as text, at most `max` characters. */
export function preview(value: unknown, max = 300): string {
	const text = typeof value === 'string' ? value : safeStringify(value);
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A recorder for one View's traffic; `record` takes each entry. */
export function trafficRecorder(
	view: { widgetId: string; server: string },
	record: (event: ViewEventInput) => void
): (message: JSONRPCMessage, direction: 'in' | 'out') => void {
	const { widgetId, server } = view;
	const pending = new Map<string, { method: string; started: number }>();
	let partialRecordedAt = -Infinity;
	return (message, direction) => {
		const fields = message as Record<string, unknown>;
		const id = fields.id as string | number | undefined;
		const method = typeof fields.method === 'string' ? fields.method : undefined;
		if (method && id !== undefined) {
			pending.set(`${direction}:${id}`, { method, started: performance.now() });
			return;
		}
		if (method) {
			if (method === 'ui/notifications/tool-input-partial') {
				const now = performance.now();
				if (now - partialRecordedAt < partialRecordIntervalMs) return;
				partialRecordedAt = now;
			}
			record({ widgetId, server, method, direction, status: 'ok', detail: preview(fields.params ?? {}) });
			return;
		}
		if (id === undefined) return;
		const key = `${direction === 'in' ? 'out' : 'in'}:${id}`;
		const request = pending.get(key);
		if (!request) return;
		pending.delete(key);
		const error = isPlainObject(fields.error) ? fields.error : undefined;
		record({
			widgetId,
			server,
			method: request.method,
			direction: direction === 'in' ? 'out' : 'in',
			status: error ? (error.code === -32001 ? 'refused' : 'error') : 'ok',
			elapsedMs: Math.round(performance.now() - request.started),
			detail: preview(error ? `${String(error.message ?? 'error')}` : (fields.result ?? {}))
		});
	};
}
