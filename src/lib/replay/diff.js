/**
 * What changed between a recorded answer and a replayed one: the JSON paths (pointers) that
 * differ in `content` and `structuredContent`, leaving out what the ignore rules cover, and
 * the call's status (`same`, `changed`, `error`, `fixed`). A text part whose text is JSON on
 * both sides is compared as JSON, so its paths go on inside the text
 * (`/content/0/text/generatedAt`). Also the difference of two tool lists. No imports but
 * the pointer rules: it runs in the page, the scripts and Node tests alike.
 */
import { isIgnored, toPointer } from './pointer.js';

/** @typedef {{ content?: unknown[]; structuredContent?: unknown; isError?: boolean }} CallOutput */
/** @typedef {'same' | 'changed' | 'error' | 'fixed'} ReplayStatus */
/** @typedef {{ ok: boolean; output?: CallOutput; error?: string }} CallOutcome */

/** Most paths listed for one call. */
export const maxPaths = 200;

/** @param {unknown} value */
const kind = (value) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** @param {string} text */
function jsonOf(text) {
	const trimmed = text.trim();
	if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
	try {
		return JSON.parse(trimmed);
	} catch {
		return undefined;
	}
}

/**
 * The pointers at which `a` and `b` differ (leaves, missing keys, changed types), within
 * `maxPaths`; what the rules cover is left out.
 * @param {unknown} a
 * @param {unknown} b
 * @param {readonly string[][]} [rules]
 * @param {(string | number)[]} [path]
 * @param {string[]} [out]
 * @returns {string[]}
 */
export function diffJson(a, b, rules = [], path = [], out = []) {
	if (out.length >= maxPaths || isIgnored(path, rules)) return out;
	if (typeof a === 'string' && typeof b === 'string' && a !== b && path.at(-1) === 'text') {
		const left = jsonOf(a);
		const right = left === undefined ? undefined : jsonOf(b);
		if (left !== undefined && right !== undefined) return diffJson(left, right, rules, path, out);
	}
	const ka = kind(a);
	if (ka !== kind(b)) {
		out.push(toPointer(path));
		return out;
	}
	if (ka === 'array') {
		const left = /** @type {unknown[]} */ (a);
		const right = /** @type {unknown[]} */ (b);
		for (let i = 0; i < Math.max(left.length, right.length); i++) {
			if (i >= left.length || i >= right.length) {
				if (!isIgnored([...path, i], rules)) out.push(toPointer([...path, i]));
			} else diffJson(left[i], right[i], rules, [...path, i], out);
			if (out.length >= maxPaths) break;
		}
		return out;
	}
	if (ka === 'object') {
		const left = /** @type {Record<string, unknown>} */ (a);
		const right = /** @type {Record<string, unknown>} */ (b);
		for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
			if (!(key in left) || !(key in right)) {
				if (!isIgnored([...path, key], rules)) out.push(toPointer([...path, key]));
			} else diffJson(left[key], right[key], rules, [...path, key], out);
			if (out.length >= maxPaths) break;
		}
		return out;
	}
	if (!Object.is(a, b)) out.push(toPointer(path));
	return out;
}

/**
 * The part of an answer that is compared.
 * @param {CallOutput | undefined} output
 */
function compared(output) {
	return {
		content: output?.content ?? [],
		...(output && output.structuredContent !== undefined ? { structuredContent: output.structuredContent } : {})
	};
}

/**
 * A replayed call against its recording. `recorded` null: nothing was recorded (a saved call),
 * so only a failure now counts (`error`).
 * @param {CallOutcome | null} recorded
 * @param {CallOutcome} replayed
 * @param {readonly string[][]} [rules]
 * @returns {{ status: ReplayStatus; paths: string[] }}
 */
export function compareCall(recorded, replayed, rules = []) {
	// Nothing recorded, or a success recorded without its answer (a trace from before replay).
	if (!recorded || (recorded.ok && !recorded.output)) return { status: replayed.ok ? 'same' : 'error', paths: [] };
	if (recorded.ok && !replayed.ok) return { status: 'error', paths: [] };
	if (!recorded.ok && replayed.ok) return { status: 'fixed', paths: [] };
	// Both failed: an error without an answer (a timeout, a dropped connection) matches any failure.
	if (!recorded.ok && (!recorded.output || !replayed.output)) return { status: 'same', paths: [] };
	const paths = diffJson(compared(recorded.output), compared(replayed.output), rules);
	return { status: paths.length ? 'changed' : 'same', paths };
}

/** @typedef {{ name: string; inputSchema?: unknown; outputSchema?: unknown; annotations?: object; [key: string]: unknown }} ListedTool */

/**
 * Tools added, removed and changed (input or output schema) between two lists.
 * @param {readonly ListedTool[]} before
 * @param {readonly ListedTool[]} after
 * @returns {{ added: string[]; removed: string[]; changed: { name: string; fields: string[]; paths: string[] }[] }}
 */
export function diffTools(before, after) {
	const old = new Map(before.map((tool) => [tool.name, tool]));
	const now = new Map(after.map((tool) => [tool.name, tool]));
	/** @type {{ name: string; fields: string[]; paths: string[] }[]} */
	const changed = [];
	for (const [name, tool] of now) {
		const was = old.get(name);
		if (!was) continue;
		/** @type {string[]} */
		const fields = [];
		/** @type {string[]} */
		const paths = [];
		for (const field of ['inputSchema', 'outputSchema']) {
			const found = diffJson(was[field] ?? null, tool[field] ?? null, [], [field]);
			if (!found.length) continue;
			fields.push(field);
			paths.push(...found);
		}
		if (fields.length) changed.push({ name, fields, paths });
	}
	return {
		added: [...now.keys()].filter((name) => !old.has(name)),
		removed: [...old.keys()].filter((name) => !now.has(name)),
		changed
	};
}
