/**
 * Short random identifiers. Uses the Web Crypto API (browser and Node ≥ 20), never
 * Math.random, so ids are unguessable enough to be used in share links and traces.
 */
const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random id of `length` lower-case base-36 characters, with an optional prefix. */
export function randomId(prefix = '', length = 8): string {
	const bytes = new Uint8Array(length);
	crypto.getRandomValues(bytes);
	let id = prefix;
	for (const byte of bytes) id += alphabet[byte % alphabet.length];
	return id;
}

/**
 * `name` as the agent writes a source in tool prefixes: lower case, each run of other
 * characters one `_`, none at the ends, at most 24 characters (may end in `_` once cut, or be empty).
 */
export function toolPrefix(name: string): string {
	return name
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '')
		.slice(0, 24);
}

/** Branded string type so a widget id cannot be passed where a call id is expected. */
export type Brand<T, B extends string> = T & { readonly __brand: B };

/** Id of a widget record on the canvas: `w_` + 6 random characters. */
export type WidgetId = Brand<string, 'WidgetId'>;

/** Creates a fresh widget id. */
export function widgetId(): WidgetId {
	return randomId('w_', 6) as WidgetId;
}

/**
 * A deterministic 32-bit FNV-1a hash of a string rendered in base 36. Used to shorten
 * names stably: the same input always gives the same suffix, across sessions and machines.
 */
export function stableHash(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return (hash >>> 0).toString(36);
}
