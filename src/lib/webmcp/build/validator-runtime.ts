/**
 * The helpers that Ajv's standalone validators call at run time, as one ES module the
 * generated code imports (Ajv emits `require(...)` for them, which a browser bundle cannot
 * run). Keep these in step with what `validator-codegen.ts` rewrites.
 */
export { fullFormats } from 'ajv-formats/dist/formats.js';

/** Length of a string in Unicode code points, as JSON Schema's minLength/maxLength count. */
export function ucs2length(text: string): number {
	let length = 0;
	for (const _ of text) length++;
	return length;
}

/** Deep equality of JSON values (used by `const`, `enum` with objects and `uniqueItems`). */
export function equal(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => equal(item, b[index]));
	const left = a as Record<string, unknown>;
	const right = b as Record<string, unknown>;
	const keys = Object.keys(left);
	if (keys.length !== Object.keys(right).length) return false;
	return keys.every((key) => Object.hasOwn(right, key) && equal(left[key], right[key]));
}
