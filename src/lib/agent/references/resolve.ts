/**
 * Data by reference: inside widget_display params (and canvas update params) an object
 * `{"$ref": "<result id>"}` or `{"$ref": "<result id>#<JSON pointer>"}` stands for the result
 * of an earlier data call of this conversation, so the model says which data goes where
 * instead of re-typing it. The referenced value is the result's structuredContent when it had
 * one, else its text parsed as JSON, else the text. References are resolved before the
 * widget's schema check, so the schema checks the real data. Values found through a
 * reference are data: a `$ref` inside them is not followed (no cycles).
 */
import { isPlainObject } from '$lib/shared';

/** Where referenced results come from. */
export interface ReferenceSource {
	/** The value of result `id`, or undefined when this conversation has no such result. */
	value(id: string): unknown;
	/** The ids that exist, newest last (for error messages). */
	ids(): string[];
}

/** A reference that could not be resolved, with a message the model can act on. */
export interface ReferenceError {
	/** Where the reference is, as a JSON pointer into the params. */
	path: string;
	message: string;
}

/** Limits that keep hostile input cheap to reject. */
export const referenceLimits = {
	maxDepth: 64,
	maxNodes: 200_000,
	maxPointerSegments: 32,
	maxRefLength: 512,
	maxReferences: 50
} as const;

/** True for `{"$ref": "<string>"}` (exactly one key). */
export function isReference(value: unknown): value is { $ref: string } {
	return isPlainObject(value) && typeof value.$ref === 'string' && Object.keys(value).length === 1;
}

/** True when `value` contains a reference anywhere (bounded walk). */
export function hasReferences(value: unknown): boolean {
	let nodes = 0;
	const walk = (node: unknown, depth: number): boolean => {
		if (++nodes > referenceLimits.maxNodes || depth > referenceLimits.maxDepth) return false;
		if (isReference(node)) return true;
		if (Array.isArray(node)) return node.some((item) => walk(item, depth + 1));
		if (isPlainObject(node)) return Object.values(node).some((item) => walk(item, depth + 1));
		return false;
	};
	return walk(value, 0);
}

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function describeKeys(value: unknown): string {
	if (Array.isArray(value))
		return `an array of ${value.length} item${value.length === 1 ? '' : 's'} (use /0 … /${Math.max(0, value.length - 1)})`;
	if (isPlainObject(value)) {
		const keys = Object.keys(value);
		return keys.length
			? `an object with keys ${keys
					.slice(0, 30)
					.map((key) => `/${escapeSegment(key)}`)
					.join(', ')}`
			: 'an empty object';
	}
	return `a ${value === null ? 'null' : typeof value}`;
}

/** Follows a JSON pointer (RFC 6901) into `value`; an error message when a segment is missing. */
export function followPointer(
	value: unknown,
	pointer: string
): { ok: true; value: unknown } | { ok: false; message: string } {
	if (pointer === '' || pointer === '/') return { ok: true, value };
	if (!pointer.startsWith('/'))
		return {
			ok: false,
			message: `the part after # must be a JSON pointer starting with "/" (e.g. #/rows), not "${pointer.slice(0, 40)}"`
		};
	const segments = pointer.slice(1).split('/');
	if (segments.length > referenceLimits.maxPointerSegments)
		return {
			ok: false,
			message: `the pointer has ${segments.length} segments; at most ${referenceLimits.maxPointerSegments}`
		};
	let current = value;
	let walked = '';
	for (const raw of segments) {
		const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
		if (Array.isArray(current) && /^(0|[1-9]\d{0,8})$/.test(segment) && Number(segment) < current.length) {
			current = current[Number(segment)];
		} else if (isPlainObject(current) && Object.prototype.hasOwnProperty.call(current, segment)) {
			current = current[segment];
		} else {
			return {
				ok: false,
				message: `${walked || 'the result'} has no "${segment.slice(0, 60)}": it is ${describeKeys(current)}`
			};
		}
		walked += `/${raw}`;
	}
	return { ok: true, value: current };
}

/**
 * Returns a copy of `params` with every reference replaced by the data it names, or the
 * errors of the references that could not be resolved (unknown id, bad pointer, too many).
 */
export function resolveReferences(
	params: unknown,
	source: ReferenceSource
): { ok: true; value: unknown; count: number } | { ok: false; errors: ReferenceError[] } {
	const errors: ReferenceError[] = [];
	let nodes = 0;
	let count = 0;
	const resolveOne = (ref: string, path: string): unknown => {
		count++;
		if (count > referenceLimits.maxReferences) {
			if (count === referenceLimits.maxReferences + 1)
				errors.push({ path, message: `at most ${referenceLimits.maxReferences} references per call` });
			return undefined;
		}
		if (ref.length > referenceLimits.maxRefLength) {
			errors.push({
				path,
				message: `the reference is ${ref.length} characters long; at most ${referenceLimits.maxRefLength}`
			});
			return undefined;
		}
		const hash = ref.indexOf('#');
		const id = (hash < 0 ? ref : ref.slice(0, hash)).trim();
		const pointer = hash < 0 ? '' : ref.slice(hash + 1);
		const value = id ? source.value(id) : undefined;
		if (value === undefined) {
			const known = source.ids().slice(-20);
			errors.push({
				path,
				message: `no result "${id.slice(0, 80)}" in this conversation; ${known.length ? `results you can reference: ${known.join(', ')}` : 'no data result exists yet: call a data tool first'}`
			});
			return undefined;
		}
		const followed = followPointer(value, pointer);
		if (!followed.ok) {
			errors.push({ path, message: `{"$ref": "${ref.slice(0, 120)}"}: ${followed.message}` });
			return undefined;
		}
		return followed.value;
	};
	const walk = (node: unknown, path: string, depth: number): unknown => {
		if (++nodes > referenceLimits.maxNodes) {
			if (nodes === referenceLimits.maxNodes + 1) errors.push({ path, message: 'the params are too large to resolve' });
			return node;
		}
		if (depth > referenceLimits.maxDepth) return node;
		if (isReference(node)) return resolveOne(node.$ref, path);
		if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}/${index}`, depth + 1));
		if (isPlainObject(node)) {
			const out: Record<string, unknown> = {};
			for (const [key, item] of Object.entries(node)) out[key] = walk(item, `${path}/${escapeSegment(key)}`, depth + 1);
			return out;
		}
		return node;
	};
	const value = walk(params, '', 0);
	return errors.length ? { ok: false, errors } : { ok: true, value, count };
}
