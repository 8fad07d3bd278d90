/**
 * What the tool form needs to know about a JSON Schema: which editor a node gets, its first
 * value, local `$ref`s resolved, and the arguments to send (empty optional fields dropped).
 * Pure functions over plain JSON, so the form component stays a thin view.
 */
import { isPlainObject } from '$lib/shared';

/** A schema node as the form reads it (any JSON Schema object). */
export type SchemaNode = Record<string, unknown>;

/** The editor a schema node gets. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'object' | 'union' | 'json';

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`) against `root`; other refs stay as they are. */
export function resolveRef(node: SchemaNode, root: SchemaNode, depth = 0): SchemaNode {
	const ref = node.$ref;
	if (typeof ref !== 'string' || !ref.startsWith('#') || depth > 16) return node;
	let target: unknown = root;
	for (const part of ref.slice(1).split('/').filter(Boolean)) {
		const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
		target = isPlainObject(target) ? target[key] : undefined;
	}
	if (!isPlainObject(target)) return node;
	const { $ref: _ref, ...rest } = node;
	return resolveRef({ ...target, ...rest }, root, depth + 1);
}

/** The non-null types a node declares (`type: ["string", "null"]` → `["string"]`). */
function declaredTypes(node: SchemaNode): string[] {
	const type = node.type;
	const list = Array.isArray(type)
		? type.filter((entry): entry is string => typeof entry === 'string')
		: typeof type === 'string'
			? [type]
			: [];
	return list.filter((entry) => entry !== 'null');
}

/** The branches of a `oneOf` / `anyOf`, when the node is a union. */
export function unionBranches(node: SchemaNode): SchemaNode[] | undefined {
	const branches = (
		Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined
	)?.filter(isPlainObject);
	if (!branches?.length) return undefined;
	// `anyOf: [X, {type: "null"}]` is how optional values are often written: just X.
	const meaningful = branches.filter((branch) => branch.type !== 'null');
	return meaningful.length ? meaningful : undefined;
}

/** Picks the editor for a node. */
export function fieldKind(node: SchemaNode): FieldKind {
	if (Array.isArray(node.enum) && node.enum.length) return 'enum';
	if (node.const !== undefined) return 'enum';
	const branches = unionBranches(node);
	if (branches)
		return branches.length === 1 ? fieldKind({ ...node, oneOf: undefined, anyOf: undefined, ...branches[0] }) : 'union';
	const types = declaredTypes(node);
	if (types.length === 1) {
		const [type] = types;
		if (
			type === 'string' ||
			type === 'number' ||
			type === 'integer' ||
			type === 'boolean' ||
			type === 'array' ||
			type === 'object'
		)
			return type;
	}
	if (!types.length && isPlainObject(node.properties)) return 'object';
	if (!types.length && isPlainObject(node.items)) return 'array';
	return 'json';
}

/** A union's single meaningful branch merged into the node, or the node itself. */
export function collapseUnion(node: SchemaNode): SchemaNode {
	const branches = unionBranches(node);
	if (branches?.length !== 1) return node;
	const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = node;
	return { ...rest, ...branches[0] };
}

/** The enum's allowed values (a `const` is a one-value enum). */
export function enumValues(node: SchemaNode): unknown[] {
	if (Array.isArray(node.enum)) return node.enum;
	return node.const !== undefined ? [node.const] : [];
}

/** Which union branch a value fits best (by type), for showing the right branch of a saved value. */
export function branchOf(branches: SchemaNode[], value: unknown, root: SchemaNode): number {
	const index = branches.findIndex((branch) => fits(resolveRef(branch, root), value));
	return index < 0 ? 0 : index;
}

function fits(node: SchemaNode, value: unknown): boolean {
	if (value === undefined) return false;
	const kind = fieldKind(node);
	if (kind === 'enum') return enumValues(node).some((entry) => JSON.stringify(entry) === JSON.stringify(value));
	if (kind === 'string') return typeof value === 'string';
	if (kind === 'number' || kind === 'integer') return typeof value === 'number';
	if (kind === 'boolean') return typeof value === 'boolean';
	if (kind === 'array') return Array.isArray(value);
	if (kind === 'object') return isPlainObject(value);
	return true;
}

/**
 * The first value of a field: the schema's default, else an empty value of its kind
 * (required objects start with their own required members filled the same way).
 */
export function initialValue(node: SchemaNode, root: SchemaNode, depth = 0): unknown {
	const resolved = collapseUnion(resolveRef(node, root));
	if (resolved.default !== undefined) return structuredClone(resolved.default);
	if (depth > 8) return undefined;
	const kind = fieldKind(resolved);
	if (kind === 'object') {
		const value: Record<string, unknown> = {};
		const properties = isPlainObject(resolved.properties) ? resolved.properties : {};
		for (const [key, child] of Object.entries(properties)) {
			if (!isPlainObject(child)) continue;
			const first = initialValue(child, root, depth + 1);
			if (first !== undefined) value[key] = first;
		}
		return value;
	}
	if (kind === 'array') return [];
	if (kind === 'boolean') return undefined;
	if (kind === 'union') {
		const branches = unionBranches(resolved) ?? [];
		return branches.length ? initialValue(branches[0], root, depth + 1) : undefined;
	}
	return undefined;
}

/** The properties of an object node that are schemas themselves, as [name, schema] pairs. */
export function propertiesOf(node: SchemaNode): Array<[string, SchemaNode]> {
	return isPlainObject(node.properties)
		? (Object.entries(node.properties).filter(([, child]) => isPlainObject(child)) as Array<[string, SchemaNode]>)
		: [];
}

/** The required property names of an object node. */
export function requiredOf(node: SchemaNode): string[] {
	return Array.isArray(node.required)
		? node.required.filter((entry): entry is string => typeof entry === 'string')
		: [];
}

/**
 * The arguments to send: empty strings, `undefined` and empty objects of optional members are
 * dropped (a form shows every field; the server should only see what the user filled).
 */
export function pruneArgs(value: unknown, node: SchemaNode, root: SchemaNode): unknown {
	const resolved = collapseUnion(resolveRef(node, root));
	if (Array.isArray(value)) {
		const items = isPlainObject(resolved.items) ? resolved.items : {};
		return value.map((item) => pruneArgs(item, items, root) ?? null);
	}
	if (!isPlainObject(value)) return value === '' ? undefined : value;
	const properties = isPlainObject(resolved.properties) ? resolved.properties : {};
	const required = new Set(requiredOf(resolved));
	const out: Record<string, unknown> = {};
	for (const [key, child] of Object.entries(value)) {
		const childSchema = isPlainObject(properties[key]) ? properties[key] : {};
		const pruned = pruneArgs(child, childSchema, root);
		if (pruned === undefined) continue;
		if (
			!required.has(key) &&
			isPlainObject(pruned) &&
			!Object.keys(pruned).length &&
			fieldKind(resolveRef(childSchema, root)) === 'object'
		)
			continue;
		out[key] = pruned;
	}
	return out;
}

/** The HTML input type for a string's `format` hint. */
export function inputTypeOf(node: SchemaNode): string {
	switch (node.format) {
		case 'uri':
		case 'url':
			return 'url';
		case 'email':
			return 'email';
		case 'date':
			return 'date';
		case 'date-time':
			return 'datetime-local';
		case 'time':
			return 'time';
		default:
			return 'text';
	}
}

/**
 * A bound worth showing: a finite number a reader would type. Schemas often write "any
 * integer" as ±(2^53 − 1) (zod's `.int()`), which says nothing.
 */
function meaningful(bound: unknown): bound is number {
	return typeof bound === 'number' && Number.isFinite(bound) && Math.abs(bound) < 1e15;
}

/** "1 – 100", "≥ 1", "< 10": only the bounds that say something; empty without any. */
function rangeHint(min: unknown, max: unknown, exclusive: { min: boolean; max: boolean }): string | undefined {
	const low = meaningful(min) ? min : undefined;
	const high = meaningful(max) ? max : undefined;
	if (low !== undefined && high !== undefined) return `${low} – ${high}`;
	if (low !== undefined) return `${exclusive.min ? '>' : '≥'} ${low}`;
	if (high !== undefined) return `${exclusive.max ? '<' : '≤'} ${high}`;
	return undefined;
}

/** A short human hint for a field's constraints ("1 – 100", "≥ 1", "email", "3+ items"). */
export function constraintHint(node: SchemaNode): string {
	const parts: string[] = [];
	const range = rangeHint(node.minimum ?? node.exclusiveMinimum, node.maximum ?? node.exclusiveMaximum, {
		min: node.minimum === undefined && node.exclusiveMinimum !== undefined,
		max: node.maximum === undefined && node.exclusiveMaximum !== undefined
	});
	if (range) parts.push(range);
	if (typeof node.format === 'string') parts.push(node.format);
	const length = rangeHint(node.minLength === 0 ? undefined : node.minLength, node.maxLength, {
		min: false,
		max: false
	});
	if (length) parts.push(`${length} chars`);
	if (typeof node.minItems === 'number' || typeof node.maxItems === 'number')
		parts.push(`${node.minItems ?? 0}–${node.maxItems ?? '∞'} items`);
	if (typeof node.pattern === 'string') parts.push(`pattern ${node.pattern}`);
	return parts.join(' · ');
}

/** Argument names that hold code or long text (SQL above all): they get a multi-line editor. */
const longTextNames = /^(sql|query|statement|script|code|prompt)$/i;

/**
 * A string argument that gets a multi-line editor rather than a one-line input: SQL and other
 * code by its name or `format`, and any string allowed past 200 characters.
 */
export function isLongText(node: SchemaNode, name: string): boolean {
	if (typeof node.format === 'string' && /^(sql|code|textarea|multiline|markdown)$/i.test(node.format)) return true;
	if (typeof node.format === 'string') return false;
	return longTextNames.test(name) || (typeof node.maxLength === 'number' && node.maxLength > 200);
}

/** Ctrl/Cmd+Enter in a multi-line editor runs the call (Enter alone is a new line). */
export function submitOnCtrlEnter(event: KeyboardEvent & { currentTarget: HTMLTextAreaElement }): void {
	if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
	event.preventDefault();
	event.currentTarget.form?.requestSubmit();
}

/** A label for a union branch: its title, else its type or first property names. */
export function branchLabel(branch: SchemaNode, index: number, root: SchemaNode): string {
	const resolved = resolveRef(branch, root);
	if (typeof resolved.title === 'string') return resolved.title;
	if (typeof branch.$ref === 'string') return branch.$ref.split('/').pop() ?? `Option ${index + 1}`;
	const kind = fieldKind(resolved);
	if (kind === 'object' && isPlainObject(resolved.properties))
		return `{ ${Object.keys(resolved.properties).slice(0, 3).join(', ')} }`;
	if (kind === 'enum') return enumValues(resolved).map(String).join(' | ');
	return kind === 'json' ? `Option ${index + 1}` : kind;
}
