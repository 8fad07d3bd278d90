/**
 * Console rows for what servers send the user: log messages (a row per message, its status
 * from the level) and sampling / elicitation requests (one row, pending until answered; the
 * summary then says how it ended).
 */
import type { ServerLogEvent, ServerRequestEvent, ServerResponseEvent } from '$lib/agent';
import type { ConsoleEntry, EntryStatus } from './entry';
import { maxSearchChars } from './entry';
import { preview, thousands } from './format';
import { isPlainObject } from '$lib/shared';

const errorLevels = new Set(['error', 'critical', 'alert', 'emergency']);

/** A log level as an entry status: errors and worse are errors, warnings warnings. */
export function levelStatus(level: string): EntryStatus {
	return errorLevels.has(level) ? 'error' : level === 'warning' ? 'warning' : 'ok';
}

type LogRow = Pick<ConsoleEntry, 'kind' | 'server' | 'status' | 'summary'> & { at: number; extra?: string };

/** The rows of one batch of log messages (and one for messages left out of it). */
export function logEntries(event: ServerLogEvent): LogRow[] {
	const rows: LogRow[] = event.messages.map((message) => {
		const data = typeof message.data === 'string' ? message.data : preview(message.data, maxSearchChars);
		return {
			kind: 'server-log',
			at: message.at,
			server: event.server,
			status: levelStatus(message.level),
			summary: `${message.level}${message.logger ? ` · ${message.logger}` : ''}: ${preview(data, 160)}`,
			extra: `level:${message.level} ${data.slice(0, maxSearchChars)}`
		};
	});
	if (event.dropped > 0) {
		rows.push({
			kind: 'server-log',
			at: event.at,
			server: event.server,
			status: 'warning',
			summary: `${thousands(event.dropped)} log message${event.dropped === 1 ? '' : 's'} left out: the server sent more than the console records (the Server tab of its workbench keeps the latest)`
		});
	}
	return rows;
}

function text(content: unknown): string {
	const parts = Array.isArray(content) ? content : [content];
	return parts
		.map((part) =>
			isPlainObject(part) && typeof part.text === 'string'
				? part.text
				: isPlainObject(part)
					? `[${String(part.type)}]`
					: ''
		)
		.join(' ');
}

/** One line for a server's request: what it asks, with its limits. */
export function requestSummary(event: ServerRequestEvent): string {
	const params = event.params;
	if (event.method === 'sampling/createMessage') {
		const messages = Array.isArray(params.messages) ? params.messages : [];
		const last = messages.at(-1);
		const hints =
			isPlainObject(params.modelPreferences) && Array.isArray(params.modelPreferences.hints)
				? params.modelPreferences.hints.map((hint) => (isPlainObject(hint) ? hint.name : '')).filter(Boolean)
				: [];
		return `sampling: ${messages.length} message${messages.length === 1 ? '' : 's'} · up to ${String(params.maxTokens ?? '?')} tokens${hints.length ? ` · hints ${hints.join(', ')}` : ''}${event.origin ? ` · during a ${event.origin} call` : ''}: ${preview(isPlainObject(last) ? text(last.content) : '', 100)}`;
	}
	const schema =
		isPlainObject(params.requestedSchema) && isPlainObject(params.requestedSchema.properties)
			? Object.keys(params.requestedSchema.properties)
			: [];
	const asks =
		params.mode === 'url'
			? `url ${preview(String(params.url ?? ''), 60)}`
			: `form: ${schema.length ? schema.join(', ') : 'no fields'}`;
	return `elicitation (${asks})${event.origin ? ` · during a ${event.origin} call` : ''}: ${preview(String(params.message ?? ''), 120)}`;
}

/** A request's status once it ended. */
export function responseStatus(event: ServerResponseEvent): EntryStatus {
	switch (event.decision) {
		case 'approved':
		case 'edited':
		case 'typed':
		case 'accept':
			return 'ok';
		case 'decline':
			return 'warning';
		case 'cancel':
		case 'withdrawn':
			return 'cancelled';
		case 'denied':
		case 'refused':
			return 'error';
	}
}

/** The request's line with how it ended appended. */
export function responseSummary(summary: string, event: ServerResponseEvent): string {
	const result = event.result;
	const answer =
		isPlainObject(result) && isPlainObject(result.content) && typeof result.content.text === 'string'
			? `: ${preview(result.content.text, 60)}`
			: isPlainObject(result) && result.content
				? `: ${preview(result.content, 60)}`
				: event.error
					? `: ${preview(event.error, 60)}`
					: '';
	return `${summary} → ${event.decision}${answer}`;
}
