/**
 * From an MCP result to the text the model reads: content unwrapped (structuredContent
 * preferred, text parts joined, images / audio / blobs summarised — never base64), then
 * truncated to the limit. JSON stays valid JSON when truncated: arrays are trimmed and a
 * `_truncated` note says how many items were dropped and how to recall the full result.
 */
import { parsePartialJson } from '../partial-json';
import { safeStringify, truncateText, tryParseJson, type ContentPart, type ToolCallResult } from '$lib/shared';

/** Results longer than this (characters) are fitted from their head, never parsed whole. */
export const MAX_PARSED_CHARS = 2_000_000;

/** Default limit for the text of one result the model receives. */
export const DEFAULT_RESULT_LIMIT = 10_000;

function sizeLabel(base64Length: number): string {
	const bytes = Math.floor((base64Length * 3) / 4);
	return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}

function describePart(part: ContentPart): string {
	switch (part.type) {
		case 'text':
			return part.text;
		case 'image':
		case 'audio':
			return `[${part.type}: ${part.mimeType}, ${sizeLabel(part.data.length)} — not shown]`;
		case 'resource_link':
			return `[resource link: ${part.name ?? part.uri} <${part.uri}>${part.mimeType ? ` (${part.mimeType})` : ''}${part.description ? ` — ${part.description}` : ''}]`;
		case 'resource': {
			const { resource } = part;
			if (typeof resource.text === 'string')
				return `[resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ''}]\n${resource.text}`;
			return `[resource ${resource.uri}: ${resource.mimeType ?? 'binary'}, ${sizeLabel(resource.blob?.length ?? 0)} — not shown]`;
		}
		default:
			return `[${(part as { type?: string }).type ?? 'unknown'} content — not shown]`;
	}
}

/**
 * The full text of a tool result: `structuredContent` as JSON when present, otherwise the
 * content parts joined with blank lines. Never includes base64 data.
 */
export function unwrapToolResult(result: ToolCallResult): string {
	if (result.structuredContent !== undefined && result.structuredContent !== null)
		return safeStringify(result.structuredContent);
	const parts = Array.isArray(result.content) ? result.content : [];
	if (parts.length === 0) return result.isError ? 'The tool failed without a message.' : '(empty result)';
	return parts.map(describePart).join('\n\n');
}

/** Outcome of fitting a result to the limit. */
export interface FittedResult {
	text: string;
	truncated: boolean;
	/** Length of the full text. */
	size: number;
}

interface PruneState {
	dropped: Map<string, number>;
	cutStrings: number;
}

function prune(value: unknown, maxItems: number, maxString: number, path: string, state: PruneState): unknown {
	if (typeof value === 'string') {
		if (value.length <= maxString) return value;
		state.cutStrings++;
		return truncateText(value, maxString);
	}
	if (Array.isArray(value)) {
		if (value.length > maxItems) state.dropped.set(path || '$', value.length - maxItems);
		return value.slice(0, maxItems).map((item, index) => prune(item, maxItems, maxString, `${path}[${index}]`, state));
	}
	if (value !== null && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [key, item] of Object.entries(value))
			out[key] = prune(item, maxItems, maxString, path ? `${path}.${key}` : key, state);
		return out;
	}
	return value;
}

function longestArray(value: unknown): number {
	if (value === null || typeof value !== 'object') return 0;
	let longest = Array.isArray(value) ? value.length : 0;
	for (const item of Array.isArray(value) ? value : Object.values(value))
		longest = Math.max(longest, longestArray(item));
	return longest;
}

function withNote(value: unknown, state: PruneState, total: number, hint: string): unknown {
	const dropped = Object.fromEntries(state.dropped);
	const note = {
		note: `Result truncated from ${total} characters. ${hint}`,
		...(state.dropped.size ? { droppedItems: dropped } : {}),
		...(state.cutStrings ? { shortenedStrings: state.cutStrings } : {})
	};
	if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ...value, _truncated: note };
	return { items: value, _truncated: note };
}

/** Trims a JSON value until it fits: fewer array items first, then shorter strings. */
function fitJson(value: unknown, limit: number, total: number, hint: string): string | undefined {
	for (const maxString of [Infinity, 2000, 500, 120, 40]) {
		const render = (maxItems: number): string => {
			const state: PruneState = { dropped: new Map(), cutStrings: 0 };
			const pruned = prune(value, maxItems, maxString, '', state);
			return state.dropped.size || state.cutStrings
				? safeStringify(withNote(pruned, state, total, hint))
				: safeStringify(pruned);
		};
		let low = 0;
		let high = longestArray(value);
		if (render(low).length > limit) continue;
		while (low < high) {
			const mid = Math.ceil((low + high) / 2);
			if (render(mid).length <= limit) low = mid;
			else high = mid - 1;
		}
		return render(low);
	}
	return undefined;
}

/**
 * Fits `text` to `limit` characters. JSON text stays valid JSON (arrays trimmed with a
 * count of dropped items; as a last resort a `{ _truncated, preview }` object); other text
 * is cut with a note. `hint` tells the model how to get the rest (e.g. "recall('id')").
 */
export function fitResult(text: string, limit: number, hint: string): FittedResult {
	const size = text.length;
	if (size <= limit) return { text, truncated: false, size };
	const trimmed = text.trimStart();
	const looksJson = trimmed.startsWith('{') || trimmed.startsWith('[');
	// A very large result is never parsed whole on this thread (a 50 MB answer took seconds):
	// its head is read as partial JSON, so the model still gets valid JSON with the first rows.
	const json = !looksJson
		? undefined
		: size > MAX_PARSED_CHARS
			? parsePartialJson(text.slice(0, Math.max(limit * 4, 64_000)))
			: tryParseJson(text);
	if (json !== undefined) {
		const fitted = fitJson(json, limit, size, hint);
		if (fitted !== undefined) return { text: fitted, truncated: true, size };
		const note = `Result truncated from ${size} characters; only a preview is shown. ${hint}`;
		let room = Math.max(0, limit - note.length - 40);
		let rendered = safeStringify({ _truncated: { note }, preview: text.slice(0, room) });
		while (rendered.length > limit && room > 0) {
			room = Math.max(0, room - (rendered.length - limit) - 8);
			rendered = safeStringify({ _truncated: { note }, preview: text.slice(0, room) });
		}
		return { text: rendered, truncated: true, size };
	}
	const note = `\n… [truncated: ${size - limit} more characters. ${hint}]`;
	return { text: text.slice(0, Math.max(0, limit - note.length)) + note, truncated: true, size };
}

/** A short preview of an old result, with the recall hint (used by compression). */
export function previewOf(text: string, previewChars: number, hint: string): string {
	const head = text.slice(0, previewChars).replace(/\s+$/, '');
	return `${head}… [${hint} for the full result, ${text.length} chars]`;
}
