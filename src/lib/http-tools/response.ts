/**
 * An HTTP response as a tool result the model can read: JSON becomes `structuredContent`
 * (and its text), other text is kept (cut to a readable size), binaries are summarised, and
 * a non-2xx status is an error result that quotes the API's own message.
 */
import { isPlainObject, safeStringify, truncateText, tryParseJson, type ToolCallResult } from '$lib/shared';

/** Longest text body kept from a non-JSON response. */
const MAX_TEXT = 100_000;

const messageKeys = [
	'message',
	'error_description',
	'detail',
	'title',
	'error',
	'errors',
	'description',
	'msg',
	'reason'
];

/** The API's own words in an error body: `message`, `detail`, `error`… or the text itself. */
export function apiMessage(body: unknown, text: string): string {
	if (isPlainObject(body)) {
		for (const key of messageKeys) {
			const value = body[key];
			if (typeof value === 'string' && value.trim()) return value.trim();
			if (isPlainObject(value)) {
				const nested = apiMessage(value, '');
				if (nested) return nested;
			}
			if (Array.isArray(value) && value.length) return truncateText(safeStringify(value), 600);
		}
	}
	return truncateText(text.trim(), 600);
}

function isJson(type: string): boolean {
	return /^application\/(.+\+)?json\b|^text\/json\b/i.test(type);
}

function isText(type: string): boolean {
	return /^text\/|^application\/(xml|javascript|x-www-form-urlencoded|.+\+xml)\b/i.test(type);
}

/** What was received, before it becomes a result. */
export interface ReceivedResponse {
	status: number;
	statusText: string;
	contentType: string;
	/** The body decoded as UTF-8 (empty for binaries). */
	text: string;
	/** Size in bytes. */
	size: number;
}

/** Builds the tool result of a response. `label` names the request (`GET /pets/1`). */
export function toToolResult(response: ReceivedResponse, label: string): ToolCallResult {
	const { status, contentType } = response;
	const json =
		isJson(contentType) || (!contentType && /^\s*[[{]/.test(response.text)) ? tryParseJson(response.text) : undefined;
	const ok = status >= 200 && status < 300;
	if (!ok) {
		const message = apiMessage(json, response.text) || response.statusText || 'no message';
		const text = `The API answered ${status}${response.statusText ? ` ${response.statusText}` : ''} to ${label}: ${message}`;
		return {
			content: [{ type: 'text', text }],
			structuredContent: { error: text, status, ...(json !== undefined ? { body: json } : {}) },
			isError: true
		};
	}
	if (status === 204 || (!response.text && response.size === 0)) {
		return {
			content: [{ type: 'text', text: `${label} succeeded (${status}) with no content.` }],
			structuredContent: { status }
		};
	}
	if (json !== undefined) return { content: [{ type: 'text', text: safeStringify(json) }], structuredContent: json };
	if (isText(contentType) || (!contentType && response.text)) {
		const kept = response.text.length > MAX_TEXT ? truncateText(response.text, MAX_TEXT) : response.text;
		return { content: [{ type: 'text', text: kept }] };
	}
	return {
		content: [
			{
				type: 'text',
				text: `${label} returned ${response.size} bytes of ${contentType || 'unknown type'} (binary content, not shown).`
			}
		]
	};
}
