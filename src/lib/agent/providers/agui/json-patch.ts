/**
 * A small RFC 6902 JSON Patch for the AG-UI agent's shared state and activities: applied to a
 * copy, all or nothing, refusing `__proto__`-style keys, so a hostile delta cannot pollute
 * prototypes or leave the state half-changed.
 */

/** One JSON Patch operation as AG-UI sends it. */
export interface PatchOperation {
	op: string;
	path: string;
	value?: unknown;
	from?: string;
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

function parentOf(root: unknown, keys: string[]): { parent: Container; key: string } {
	let node = root;
	for (const key of keys.slice(0, -1)) {
		if (!node || typeof node !== 'object') throw new Error(`no such path /${keys.join('/')}`);
		node = (node as Record<string, unknown>)[key];
	}
	if (!node || typeof node !== 'object') throw new Error(`no such path /${keys.join('/')}`);
	return { parent: node as Container, key: keys[keys.length - 1] };
}

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

function add(root: unknown, keys: string[], value: unknown): unknown {
	if (keys.length === 0) return value;
	const { parent, key } = parentOf(root, keys);
	if (Array.isArray(parent)) parent.splice(index(parent, key, true), 0, value);
	else parent[key] = value;
	return root;
}

function remove(root: unknown, keys: string[]): unknown {
	if (keys.length === 0) throw new Error('cannot remove the whole document');
	read(root, keys);
	const { parent, key } = parentOf(root, keys);
	if (Array.isArray(parent)) parent.splice(index(parent, key, false), 1);
	else delete parent[key];
	return root;
}

/** Applies `operations` to a copy of `document`; throws (leaving `document` unchanged) on any failure. */
export function applyPatch(document: unknown, operations: readonly PatchOperation[]): unknown {
	let root: unknown = structuredClone(document ?? {});
	for (const operation of operations) {
		if (!operation || typeof operation !== 'object' || typeof operation.path !== 'string')
			throw new Error('a patch operation needs op and path');
		const keys = pointer(operation.path);
		const value = structuredClone(operation.value);
		switch (operation.op) {
			case 'add':
				root = add(root, keys, value);
				break;
			case 'remove':
				root = remove(root, keys);
				break;
			case 'replace':
				root = add(remove(root, keys), keys, value);
				break;
			case 'move':
			case 'copy': {
				const from = pointer(String(operation.from ?? ''));
				const moved = structuredClone(read(root, from));
				if (operation.op === 'move') root = remove(root, from);
				root = add(root, keys, moved);
				break;
			}
			case 'test':
				if (JSON.stringify(read(root, keys)) !== JSON.stringify(value))
					throw new Error(`test failed at ${operation.path}`);
				break;
			default:
				throw new Error(`unknown patch op "${String(operation.op)}"`);
		}
	}
	return root;
}
