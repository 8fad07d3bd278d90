/**
 * JSON helpers that never throw on odd input: cycles, BigInt, functions and very long
 * strings all have a defined, readable rendering.
 */

/** JSON.stringify that survives cycles (rendered as "[Circular]") and BigInt (as a string). */
export function safeStringify(value: unknown, indent?: number): string {
	const seen = new WeakSet<object>();
	const text = JSON.stringify(
		value,
		(_key, val: unknown) => {
			if (typeof val === 'bigint') return val.toString();
			if (typeof val === 'function' || typeof val === 'symbol') return undefined;
			if (val !== null && typeof val === 'object') {
				if (seen.has(val)) return '[Circular]';
				seen.add(val);
			}
			return val;
		},
		indent
	);
	return text ?? 'null';
}

/** Parses JSON, returning `undefined` instead of throwing on invalid text. */
export function tryParseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/** Shortens text to at most `max` characters, saying how much was cut. */
export function truncateText(text: string, max: number): string {
	if (text.length <= max) return text;
	const note = `… [${text.length - max} more characters]`;
	return text.slice(0, Math.max(0, max - note.length)) + note;
}

/** True for a plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON Schema object. Kept loose on purpose: servers send schemas we do not control. */
export type JsonSchema = {
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema | JsonSchema[];
	additionalProperties?: boolean | JsonSchema;
	enum?: unknown[];
	description?: string;
	[keyword: string]: unknown;
};
