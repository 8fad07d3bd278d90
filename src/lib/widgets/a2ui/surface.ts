/**
 * A2UI v0.9 surfaces as plain data: folds the messages (createSurface, updateComponents,
 * updateDataModel, deleteSurface) into surfaces, resolves data bindings and actions. Bounded:
 * messages, components and data are capped, and the tree walk in the renderer uses
 * {@link childIds} with a depth limit and the ancestors, so cycles and floods stay harmless.
 */

import { measureWithin, patchBounds, type Measure } from '$lib/shared/bounded-patch';

/** The basic catalog ids this renderer draws (the current and the older v0.9 name). */
export const basicCatalogIds = [
	'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
	'https://a2ui.org/specification/v0_9/basic_catalog.json'
];

/** Limits of one widget's surfaces. */
export const a2uiLimits = { messages: 500, components: 2000, depth: 24, rendered: 3000 };

/** One component as A2UI sends it: an id, its type (`component`) and its properties. */
export type A2uiComponent = Record<string, unknown> & { id: string; component: string };

/** One surface after the messages. */
export interface A2uiSurface {
	id: string;
	catalogId: string;
	components: Map<string, A2uiComponent>;
	data: Record<string, unknown>;
}

/** The folded surfaces and what was left out. */
export interface A2uiState {
	surfaces: A2uiSurface[];
	problems: string[];
}

const forbidden = new Set(['__proto__', 'constructor', 'prototype']);

function isObject(value: unknown): value is Record<string, unknown> {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

function keys(path: string): string[] {
	return path
		.split('/')
		.filter(Boolean)
		.map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Reads `path` (a JSON pointer, `/a/b`) in `data`. */
export function readPath(data: unknown, path: string): unknown {
	let node = data;
	for (const key of keys(path)) {
		if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
		node = (node as Record<string, unknown>)[key];
	}
	return node;
}

/** A copy of `data` with `value` at `path` (objects are created on the way; unsafe keys refused). */
export function writePath(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
	const parts = keys(path);
	if (parts.some((key) => forbidden.has(key))) return data;
	if (parts.length === 0) return isObject(value) ? structuredClone(value) : data;
	const root = structuredClone(data);
	let node: Record<string, unknown> = root;
	for (const key of parts.slice(0, -1)) {
		if (!isObject(node[key])) node[key] = {};
		node = node[key] as Record<string, unknown>;
	}
	node[parts[parts.length - 1]] = structuredClone(value);
	return root;
}

/** Folds A2UI messages into surfaces. Never throws; what is malformed is listed in `problems`. */
export function foldMessages(messages: unknown): A2uiState {
	const surfaces = new Map<string, A2uiSurface>();
	const problems: string[] = [];
	const written = new Map<string, Measure>();
	const list = Array.isArray(messages) ? messages : [];
	if (list.length > a2uiLimits.messages)
		problems.push(`only the first ${a2uiLimits.messages} of ${list.length} messages are used`);
	for (const message of list.slice(0, a2uiLimits.messages)) {
		if (!isObject(message)) continue;
		const create = message.createSurface;
		const update = message.updateComponents;
		const data = message.updateDataModel;
		const remove = message.deleteSurface;
		if (isObject(create) && typeof create.surfaceId === 'string') {
			const catalogId = typeof create.catalogId === 'string' ? create.catalogId : '';
			if (!basicCatalogIds.includes(catalogId))
				problems.push(
					`surface ${create.surfaceId}: catalog "${catalogId.slice(0, 120)}" is not the basic catalog; its basic components are drawn`
				);
			surfaces.set(create.surfaceId, { id: create.surfaceId, catalogId, components: new Map(), data: {} });
		} else if (isObject(update) && typeof update.surfaceId === 'string') {
			const surface = surfaceFor(surfaces, update.surfaceId);
			for (const component of Array.isArray(update.components) ? update.components : []) {
				if (!isObject(component) || typeof component.id !== 'string' || typeof component.component !== 'string')
					continue;
				if (!surface.components.has(component.id) && surface.components.size >= a2uiLimits.components) {
					problems.push(`surface ${surface.id}: more than ${a2uiLimits.components} components; the rest are left out`);
					break;
				}
				surface.components.set(component.id, component as A2uiComponent);
			}
		} else if (isObject(data) && typeof data.surfaceId === 'string') {
			const surface = surfaceFor(surfaces, data.surfaceId);
			// The data model has the bound of an agent's state, counted over everything written to it.
			const used = written.get(surface.id) ?? { size: 0, nodes: 0 };
			const left = { size: patchBounds.size - used.size, nodes: patchBounds.nodes - used.nodes };
			const measured = measureWithin(data.value, left);
			if (!measured) {
				problems.push(
					`surface ${surface.id}: a data model update would pass ${patchBounds.size} characters or ${patchBounds.nodes} values; it and later ones are left out`
				);
				written.set(surface.id, { size: patchBounds.size, nodes: patchBounds.nodes });
				continue;
			}
			written.set(surface.id, { size: used.size + measured.size, nodes: used.nodes + measured.nodes });
			surface.data = writePath(surface.data, typeof data.path === 'string' ? data.path : '/', data.value);
		} else if (isObject(remove) && typeof remove.surfaceId === 'string') {
			surfaces.delete(remove.surfaceId);
		}
	}
	return { surfaces: [...surfaces.values()], problems: [...new Set(problems)] };
}

function surfaceFor(surfaces: Map<string, A2uiSurface>, id: string): A2uiSurface {
	let surface = surfaces.get(id);
	if (!surface) {
		surface = { id, catalogId: basicCatalogIds[0], components: new Map(), data: {} };
		surfaces.set(id, surface);
	}
	return surface;
}

/** The id of the surface's root: `root`, or the first component no other one names as a child. */
export function rootId(surface: A2uiSurface): string | undefined {
	if (surface.components.has('root')) return 'root';
	const children = new Set([...surface.components.values()].flatMap((component) => childIds(component)));
	return [...surface.components.keys()].find((id) => !children.has(id));
}

/** The ids a component names as children (`children` list or `{ explicitList }`, `child`). */
export function childIds(component: A2uiComponent): string[] {
	const { children, child } = component;
	const list = Array.isArray(children)
		? children
		: isObject(children) && Array.isArray(children.explicitList)
			? children.explicitList
			: [];
	const ids = list.filter((id): id is string => typeof id === 'string');
	if (typeof child === 'string') ids.push(child);
	return ids;
}

/**
 * A dynamic value as text or data: a literal, `{ path }` into the data model, v0.8's
 * `{ literalString }`, and `${/path}` placeholders inside strings.
 */
export function resolveValue(value: unknown, data: Record<string, unknown>): unknown {
	if (typeof value === 'string')
		return value.replace(/\$\{(\/[^}]*)\}/g, (_, path: string) => String(readPath(data, path) ?? ''));
	if (isObject(value)) {
		if (typeof value.path === 'string') return readPath(data, value.path);
		for (const key of ['literalString', 'literalNumber', 'literalBoolean']) if (key in value) return value[key];
	}
	return value;
}

/** Text for display: objects and lists as JSON, nothing for absent values. */
export function resolveText(value: unknown, data: Record<string, unknown>): string {
	const resolved = resolveValue(value, data);
	if (resolved === undefined || resolved === null) return '';
	return typeof resolved === 'object' ? JSON.stringify(resolved).slice(0, 2000) : String(resolved).slice(0, 20_000);
}

/** A button's action: its name and its context resolved against the data model. */
export function resolveAction(
	action: unknown,
	data: Record<string, unknown>
): { name: string; context: Record<string, unknown> } | undefined {
	if (!isObject(action)) return undefined;
	const event = isObject(action.event) ? action.event : action;
	if (typeof event.name !== 'string') return undefined;
	const context: Record<string, unknown> = {};
	if (Array.isArray(event.context)) {
		for (const entry of event.context)
			if (isObject(entry) && typeof entry.key === 'string' && !forbidden.has(entry.key))
				context[entry.key] = resolveValue(entry.value, data);
	} else if (isObject(event.context)) {
		for (const [key, value] of Object.entries(event.context))
			if (!forbidden.has(key)) context[key] = resolveValue(value, data);
	}
	return { name: event.name.slice(0, 200), context };
}

/** The chat message an action becomes: what was pressed, on which surface, with its context. */
export function actionMessage(
	surfaceId: string,
	componentId: string,
	action: { name: string; context: Record<string, unknown> }
): string {
	return `A2UI action "${action.name}" from ${componentId} on surface ${surfaceId}: ${JSON.stringify(action.context).slice(0, 4000)}`;
}
