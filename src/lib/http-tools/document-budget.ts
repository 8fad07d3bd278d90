/**
 * Bounds on what a tool document may expand to. A few kilobytes of `$ref`s that point at
 * objects that point twice at the next one (a "billion laughs" in JSON) or YAML aliases of the
 * same shape make a tree of millions of nodes once resolved; walking it freezes the tab. This
 * counts the nodes a document stands for with every internal `$ref` followed (each target
 * counted once per use, memoised, so the count itself is linear) and the nesting depth, and
 * refuses past the limits before anything resolves or walks it.
 */
import { AutoUiError } from '$lib/shared';

/** Most nodes a document may stand for once its `$ref`s are followed. */
export const MAX_EXPANDED_NODES = 2_000_000;
/** Deepest nesting once `$ref`s are followed. */
export const MAX_EXPANDED_DEPTH = 200;
/** Most `$ref`s a document may hold. */
export const MAX_REFS = 50_000;

/** The value at an internal JSON pointer (`#/components/schemas/A`), or undefined. */
function target(root: unknown, ref: string): unknown {
	if (!ref.startsWith('#')) return undefined;
	let node = root;
	for (const raw of ref.slice(1).split('/').slice(1)) {
		const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
		if (node === null || typeof node !== 'object') return undefined;
		node = (node as Record<string, unknown>)[key];
	}
	return node;
}

/** The size of `document` with its `$ref`s followed: nodes, depth and `$ref` count. */
export function expandedSize(document: unknown): { nodes: number; depth: number; refs: number } {
	const memo = new Map<object, { nodes: number; depth: number }>();
	const visiting = new Set<object>();
	let refs = 0;
	const walk = (node: unknown, level: number): { nodes: number; depth: number } => {
		if (node === null || typeof node !== 'object') return { nodes: 1, depth: 0 };
		const known = memo.get(node);
		if (known) return known;
		// A cycle stays a `$ref` when resolved (circular: 'ignore'): it counts as one node.
		if (visiting.has(node) || level > MAX_EXPANDED_DEPTH)
			return { nodes: 1, depth: level > MAX_EXPANDED_DEPTH ? Infinity : 0 };
		visiting.add(node);
		let nodes = 1;
		let depth = 0;
		const ref = (node as Record<string, unknown>).$ref;
		if (typeof ref === 'string') {
			refs++;
			const resolved = target(document, ref);
			if (resolved !== undefined && resolved !== node) {
				const inner = walk(resolved, level + 1);
				nodes += inner.nodes;
				depth = Math.max(depth, inner.depth + 1);
			}
		}
		for (const [key, child] of Object.entries(node)) {
			if (key === '$ref') continue;
			const inner = walk(child, level + 1);
			nodes += inner.nodes;
			depth = Math.max(depth, inner.depth + 1);
			if (nodes > MAX_EXPANDED_NODES) break;
		}
		visiting.delete(node);
		const size = { nodes, depth };
		memo.set(node, size);
		return size;
	};
	const { nodes, depth } = walk(document, 0);
	return { nodes, depth, refs };
}

/** Throws `invalid_descriptor` when the document expands past the limits. */
export function checkExpansion(document: unknown): void {
	const { nodes, depth, refs } = expandedSize(document);
	if (refs > MAX_REFS)
		throw new AutoUiError(
			'invalid_descriptor',
			`The document holds ${refs.toLocaleString('en-US')} $refs; at most ${MAX_REFS.toLocaleString('en-US')} are followed.`
		);
	if (nodes > MAX_EXPANDED_NODES) {
		throw new AutoUiError(
			'invalid_descriptor',
			`The document's $refs or aliases expand to more than ${MAX_EXPANDED_NODES.toLocaleString('en-US')} values (an expansion bomb?); it is not imported.`
		);
	}
	if (depth > MAX_EXPANDED_DEPTH)
		throw new AutoUiError(
			'invalid_descriptor',
			`The document nests deeper than ${MAX_EXPANDED_DEPTH} levels once its $refs are followed; it is not imported.`
		);
}
