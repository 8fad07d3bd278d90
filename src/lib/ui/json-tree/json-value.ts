/**
 * What a JSON tree shows of a value: whether it opens, its children, its size in brief and a
 * leaf's text and colour class. Pure functions, so every view of a JSON value agrees.
 */

/** One child of an object or array: its key (an array index as text) and its value. */
export type JsonEntry = readonly [key: string, value: unknown];

/** How a JSON tree lays out and opens. */
export interface JsonTreeOptions {
	/**
	 * `tree`: items of an ARIA tree (the caller renders the `<ul role="tree">`); children are
	 * rendered only while open, `page` at a time behind a "Show more" button.
	 * `disclosure`: nested `<details>`; closed levels stay in the page (find-in-page and text
	 * checks see them), each object or array shows its first `page` children and counts the rest.
	 */
	layout: 'tree' | 'disclosure';
	/** Levels open at first: 2 opens the root and its children. */
	expandDepth: number;
	/** Children shown per object or array (per step in the `tree` layout). */
	page: number;
	/**
	 * How a closed object or array reads: `size` "[3]" / "{2}"; `brackets` (disclosure only)
	 * "{ 2 keys" while closed, the children between "{" and "}" while open.
	 */
	summary?: 'size' | 'brackets';
	/** Disclosure only: the browser's own marker instead of the ▸ / ▾ caret. */
	nativeMarker?: boolean;
}

/** Whether the value opens: an array or an object (null does not). */
export function isJsonBranch(value: unknown): value is object {
	return typeof value === 'object' && value !== null;
}

/** The children of an array or object in order (array indexes as keys); none for a leaf. */
export function jsonEntries(value: unknown): JsonEntry[] {
	if (Array.isArray(value)) return value.map((item, index) => [String(index), item] as const);
	return isJsonBranch(value) ? Object.entries(value) : [];
}

/** A closed array or object in brief, with its size: "[3]", "{2}". */
export function jsonBrief(value: unknown): string {
	const size = jsonEntries(value).length;
	return Array.isArray(value) ? `[${size}]` : `{${size}}`;
}

/** The children counted in words: "1 item", "3 items" for arrays, "1 key", "2 keys" for objects. */
export function jsonCount(value: unknown): string {
	const size = jsonEntries(value).length;
	const noun = Array.isArray(value) ? 'item' : 'key';
	return `${size} ${noun}${size === 1 ? '' : 's'}`;
}

/** The colour class of a leaf: its `typeof`, or `null`. */
export function jsonKind(value: unknown): string {
	return value === null ? 'null' : typeof value;
}

/** A leaf as text: strings quoted and escaped as JSON writes them, anything else as `String()` does. */
export function jsonText(value: unknown): string {
	return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
