/**
 * RFC 6902 JSON Patch with a bound on what a patch may produce, checked while it applies.
 * `copy` from `""` doubles a document each time: 30 such operations (a 1 KB delta) would
 * build a billion-node state and freeze the tab. Here every value a patch adds, copies or
 * moves is measured against what the document has left of its budget (characters of JSON
 * and values) before it is cloned, so a hostile patch is refused at the operation that
 * would pass the bound, in time proportional to the bound, never to what it asks for.
 * Applied to a copy, all or nothing, refusing `__proto__`-style keys. Used for the AG-UI
 * agent's STATE_DELTA and ACTIVITY_DELTA and for an A2UI surface's data model.
 */

/** One JSON Patch operation as AG-UI sends it. */
export interface PatchOperation {
	op: string;
	path: string;
	value?: unknown;
	from?: string;
}

/** What a patched document may hold, and the work one patch may do. */
export interface PatchBounds {
	/** Characters of the document as JSON (approximately: measured without whitespace). */
	size: number;
	/** Values in the document (every object, array, string, number, boolean and null counts one). */
	nodes: number;
	/** Operations in one patch. */
	operations: number;
}

/** The bound of an agent's state, an activity's content and a surface's data model. */
export const patchBounds: PatchBounds = { size: 2_000_000, nodes: 200_000, operations: 10_000 };

/** A patch that would pass the bound; the document is left unchanged. */
export class PatchBoundError extends Error {
	override readonly name = 'PatchBoundError';
}

/** The measure of a JSON value: characters and values. */
export interface Measure {
	size: number;
	nodes: number;
}

/**
 * Measures `value`, stopping as soon as it passes `limit` (then `undefined`): the walk never
 * visits more than `limit.nodes` values, whatever the value holds.
 */
export function measureWithin(value: unknown, limit: Measure): Measure | undefined {
	let size = 0;
	let nodes = 0;
	const stack: unknown[] = [value];
	while (stack.length) {
		const node = stack.pop();
		nodes++;
		if (nodes > limit.nodes) return undefined;
		if (typeof node === 'string') size += node.length + 2;
		else if (typeof node === 'number') size += String(node).length;
		else if (typeof node === 'boolean') size += node ? 4 : 5;
		else if (node === null || node === undefined) size += 4;
		else if (Array.isArray(node)) {
			size += 2 + Math.max(0, node.length - 1);
			for (const item of node) stack.push(item);
		} else if (typeof node === 'object') {
			const keys = Object.keys(node);
			size += 2 + Math.max(0, keys.length - 1);
			for (const key of keys) {
				size += key.length + 3;
				stack.push((node as Record<string, unknown>)[key]);
			}
		} else size += 4;
		if (size > limit.size) return undefined;
	}
	return { size, nodes };
}

/** A copy of a whole document (a snapshot) when it is inside `bounds`; a {@link PatchBoundError} otherwise. */
export function boundedCopy(value: unknown, bounds: PatchBounds = patchBounds): unknown {
	if (!measureWithin(value, bounds)) throw new PatchBoundError(`it is larger than ${describeBounds(bounds)}`);
	return structuredClone(value);
}

function describeBounds(bounds: PatchBounds): string {
	return `${bounds.size.toLocaleString('en')} characters or ${bounds.nodes.toLocaleString('en')} values`;
}

const forbidden = new Set(['__proto__', 'constructor', 'prototype']);

function pointer(path: string): string[] {
	if (path === '') return [];
	if (!path.startsWith('/')) throw new Error(`"${path}" is not a JSON pointer`);
	return path
		.slice(1)
		.split('/')
		.map((part) => {
			const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
			if (forbidden.has(key)) throw new Error(`the key "${key}" is not allowed`);
			return key;
		});
}

type Container = Record<string, unknown> | unknown[];

function read(root: unknown, keys: string[]): unknown {
	let node = root;
	for (const key of keys) {
		if (!node || typeof node !== 'object' || !Object.hasOwn(node, key))
			throw new Error(`no such path /${keys.join('/')}`);
		node = (node as Record<string, unknown>)[key];
	}
	return node;
}

function index(list: unknown[], key: string, adding: boolean): number {
	if (adding && key === '-') return list.length;
	const at = Number(key);
	if (!/^\d+$/.test(key) || at > list.length || (!adding && at === list.length))
		throw new Error(`index ${key} is out of range`);
	return at;
}

/** How many documents' worth of values one patch may copy, move or remove. */
const workFactor = 4;

/**
 * What each patched document measured (the documents this module returned): the next patch
 * starts from it instead of walking the whole state again.
 */
const measures = new WeakMap<object, Measure>();

/** The measure of a document, from the cache when this module made it. */
function measureOf(document: unknown, bounds: PatchBounds): Measure | undefined {
	const cached = document && typeof document === 'object' ? measures.get(document) : undefined;
	return cached ?? measureWithin(document, bounds);
}

/** Characters of a document as JSON (cached for patched documents; `Infinity` past the bound). */
export function documentSize(document: unknown, bounds: PatchBounds = patchBounds): number {
	return measureOf(document, bounds)?.size ?? Infinity;
}

/**
 * The document being patched and what it has used of its budget. The input is never changed:
 * the containers on the path of each write are copied once (the rest is shared with the input),
 * so a small delta on a large state costs its path, not the state.
 */
class Budgeted {
	used: Measure;
	/** Values walked so far (measured in or out): a patch may walk a few documents' worth, no more. */
	#work = 0;
	/** Containers this patch made (written in place); every other one is shared and copied before a write. */
	readonly #own = new WeakSet<object>();

	constructor(
		public root: unknown,
		private readonly bounds: PatchBounds,
		private readonly where: () => string
	) {
		const measured = measureOf(root, bounds);
		if (!measured) throw new PatchBoundError(`the document is already larger than ${describeBounds(bounds)}`);
		this.used = measured;
	}

	/** What an entry costs beside its value: its key, quotes, colon and comma, or an array's comma. */
	#entryCost(keys: string[]): number {
		if (keys.length === 0) return 0;
		let parent: unknown;
		try {
			parent = read(this.root, keys.slice(0, -1));
		} catch {
			parent = undefined;
		}
		return Array.isArray(parent) ? 1 : keys[keys.length - 1].length + 4;
	}

	/** Measures a value about to join the document at `keys`: refuses it when it does not fit. */
	fit(value: unknown, keys: string[]): Measure {
		const cost = this.#entryCost(keys);
		const left = { size: this.bounds.size - this.used.size, nodes: this.bounds.nodes - this.used.nodes };
		const measured = measureWithin(value, left);
		if (!measured || measured.size + cost > left.size)
			throw new PatchBoundError(`it would make the state larger than ${describeBounds(this.bounds)} (${this.where()})`);
		this.#walked(measured.nodes);
		return { size: measured.size + cost, nodes: measured.nodes };
	}

	/** Measures a value leaving the document (already inside the bound, so the walk is bounded). */
	#leaving(value: unknown, cost: number): Measure {
		const measured = measureWithin(value, this.bounds) ?? { size: this.bounds.size, nodes: this.bounds.nodes };
		this.#walked(measured.nodes);
		return { size: measured.size + cost, nodes: measured.nodes };
	}

	add(keys: string[], value: unknown, measured: Measure): void {
		if (keys.length === 0) {
			this.root = value;
			this.used = measured;
			return;
		}
		const { parent, key } = this.#parentForWrite(keys);
		if (Array.isArray(parent)) parent.splice(index(parent, key, true), 0, value);
		else {
			if (Object.hasOwn(parent, key)) this.#subtract(this.#leaving(parent[key], key.length + 4));
			parent[key] = value;
		}
		this.used = { size: this.used.size + measured.size, nodes: this.used.nodes + measured.nodes };
	}

	remove(keys: string[]): unknown {
		if (keys.length === 0) throw new Error('cannot remove the whole document');
		const value = read(this.root, keys);
		const cost = this.#entryCost(keys);
		const { parent, key } = this.#parentForWrite(keys);
		if (Array.isArray(parent)) parent.splice(index(parent, key, false), 1);
		else delete parent[key];
		this.#subtract(this.#leaving(value, cost));
		return value;
	}

	/**
	 * A value to add again (a copy): shared when it holds no container of this patch (those are
	 * never written in place), cloned otherwise — sharing one would let a copy contain itself.
	 */
	shareable(value: unknown): unknown {
		const stack = [value];
		while (stack.length) {
			const node = stack.pop();
			if (!node || typeof node !== 'object') continue;
			if (this.#own.has(node)) return structuredClone(value);
			for (const item of Array.isArray(node) ? node : Object.values(node)) stack.push(item);
		}
		return value;
	}

	/** Remembers the final measure, so the next patch of this document starts from it. */
	done(): unknown {
		if (this.root && typeof this.root === 'object') measures.set(this.root, this.used);
		return this.root;
	}

	/** A container this patch may write, copied from the shared one the first time. */
	#owned(node: Container): Container {
		if (this.#own.has(node)) return node;
		const copy: Container = Array.isArray(node) ? node.slice() : { ...node };
		this.#own.add(copy);
		return copy;
	}

	/** The parent of `keys` (and the last key), every container on the way owned by this patch. */
	#parentForWrite(keys: string[]): { parent: Container; key: string } {
		const missing = () => new Error(`no such path /${keys.join('/')}`);
		if (!this.root || typeof this.root !== 'object') throw missing();
		let node = this.#owned(this.root as Container);
		this.root = node;
		for (const key of keys.slice(0, -1)) {
			const child = (node as Record<string, unknown>)[key];
			if (!child || typeof child !== 'object' || !Object.hasOwn(node, key)) throw missing();
			const owned = this.#owned(child as Container);
			(node as Record<string, unknown>)[key] = owned;
			node = owned;
		}
		return { parent: node, key: keys[keys.length - 1] };
	}

	#walked(nodes: number): void {
		this.#work += nodes;
		if (this.#work > this.bounds.nodes * workFactor)
			throw new PatchBoundError(
				`it copies or moves more than ${(this.bounds.nodes * workFactor).toLocaleString('en')} values in one patch (${this.where()})`
			);
	}

	#subtract(measure: Measure): void {
		this.used = {
			size: Math.max(0, this.used.size - measure.size),
			nodes: Math.max(0, this.used.nodes - measure.nodes)
		};
	}
}

/**
 * Applies `operations` to `document` and returns the patched document; `document` itself is
 * never changed (containers on each written path are copied, the rest shared). Throws on any
 * failure, and a {@link PatchBoundError} as soon as an operation would take the document past
 * `bounds` (checked before the value is added).
 */
export function applyBoundedPatch(
	document: unknown,
	operations: readonly PatchOperation[],
	bounds: PatchBounds = patchBounds
): unknown {
	if (operations.length > bounds.operations)
		throw new PatchBoundError(
			`a patch of ${operations.length.toLocaleString('en')} operations is more than ${bounds.operations.toLocaleString('en')}`
		);
	let at = 0;
	const where = () => {
		const operation = operations[at];
		const from = operation?.op === 'copy' || operation?.op === 'move' ? ` from "${String(operation.from ?? '')}"` : '';
		return `refused at operation ${at + 1} of ${operations.length}, ${String(operation?.op)}${from} to "${String(operation?.path)}"`;
	};
	const state = new Budgeted(document ?? {}, bounds, where);
	for (; at < operations.length; at++) {
		const operation = operations[at];
		if (!operation || typeof operation !== 'object' || typeof operation.path !== 'string')
			throw new Error('a patch operation needs op and path');
		const keys = pointer(operation.path);
		switch (operation.op) {
			case 'add': {
				const measured = state.fit(operation.value, keys);
				state.add(keys, structuredClone(operation.value), measured);
				break;
			}
			case 'remove':
				state.remove(keys);
				break;
			case 'replace': {
				state.remove(keys);
				const measured = state.fit(operation.value, keys);
				state.add(keys, structuredClone(operation.value), measured);
				break;
			}
			case 'move': {
				const from = pointer(String(operation.from ?? ''));
				const moved = state.remove(from);
				state.add(keys, moved, state.fit(moved, keys));
				break;
			}
			case 'copy': {
				// Measured before it is added; shared, not cloned (a later write inside it copies its path).
				const source = read(state.root, pointer(String(operation.from ?? '')));
				const measured = state.fit(source, keys);
				state.add(keys, state.shareable(source), measured);
				break;
			}
			case 'test':
				if (JSON.stringify(read(state.root, keys)) !== JSON.stringify(operation.value))
					throw new Error(`test failed at ${operation.path}`);
				break;
			default:
				throw new Error(`unknown patch op "${String(operation.op)}"`);
		}
	}
	return state.done();
}
