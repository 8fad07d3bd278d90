/**
 * A2UI v0.9 messages made safe to hand to the reference core (`@a2ui/web_core`): bounded in
 * number (messages, components per surface, items of a data list), catalogs the renderer does
 * not know drawn with the basic catalog, unsafe keys dropped, and child references that would
 * make a cycle or nest too deep cut, so a hostile surface cannot hang the page. Pure data, no
 * DOM: the drawing is `render.ts`'s (loaded on demand). A surface's data model is bounded as an
 * agent's state is (`shared/bounded-patch`).
 */
import { measureWithin, patchBounds, type Measure } from '$lib/shared/bounded-patch';

/** The catalog ids drawn: the basic catalog (current and older v0.9 names) and the minimal one. */
export const basicCatalogIds = [
	'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
	'https://a2ui.org/specification/v0_9/basic_catalog.json'
];
export const minimalCatalogId = 'https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json';

/** Limits of one widget's surfaces. */
export const a2uiLimits = { messages: 500, components: 2000, depth: 24, listItems: 1000 };

/** The bounded messages and what was changed or left out. */
export interface BoundedSurfaces {
	messages: Array<Record<string, unknown>>;
	problems: string[];
}

type Json = Record<string, unknown>;

const forbidden = new Set(['__proto__', 'constructor', 'prototype']);

function isObject(value: unknown): value is Json {
	return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A copy without unsafe keys, lists capped at `listItems` (`capped` hears when one was). */
function clean(value: unknown, capped: () => void, depth = 0): unknown {
	if (depth > 64) return undefined;
	if (Array.isArray(value)) {
		if (value.length > a2uiLimits.listItems) capped();
		return value.slice(0, a2uiLimits.listItems).map((item) => clean(item, capped, depth + 1));
	}
	if (!isObject(value)) return value;
	const out: Json = {};
	for (const [key, item] of Object.entries(value)) if (!forbidden.has(key)) out[key] = clean(item, capped, depth + 1);
	return out;
}

/** The component ids a component refers to, with a function that removes one of them. */
function references(component: Json): Array<{ id: string; cut: () => void }> {
	const refs: Array<{ id: string; cut: () => void }> = [];
	for (const key of ['child', 'trigger', 'content', 'entryPointChild', 'contentChild']) {
		const id = component[key];
		if (typeof id === 'string') refs.push({ id, cut: () => (component[key] = cutId) });
	}
	const children = component.children;
	if (Array.isArray(children))
		children.forEach((id, index) => {
			if (typeof id === 'string') refs.push({ id, cut: () => (children[index] = undefined) });
		});
	else if (isObject(children) && typeof children.componentId === 'string')
		refs.push({ id: children.componentId, cut: () => (component.children = []) });
	for (const tab of Array.isArray(component.tabs) ? component.tabs : [])
		if (isObject(tab) && typeof tab.child === 'string') refs.push({ id: tab.child, cut: () => (tab.child = cutId) });
	return refs;
}

/** What a cut single-child reference points at instead: an empty text. */
const cutId = '__autoui-cut';

/** Bounds the messages of one widget. Never throws; what was changed is listed in `problems`. */
export function boundMessages(input: unknown): BoundedSurfaces {
	const problems = new Set<string>();
	const list = Array.isArray(input) ? input : [];
	if (list.length > a2uiLimits.messages)
		problems.add(`only the first ${a2uiLimits.messages} of ${list.length} messages are used`);
	const counts = new Map<string, Set<string>>();
	const components = new Map<string, Map<string, Json>>();
	const messages: Json[] = [];
	// A surface's data model has the bound of an agent's state, counted over everything written to it.
	const written = new Map<string, Measure>();
	for (const raw of list.slice(0, a2uiLimits.messages)) {
		if (!isObject(raw)) continue;
		const model = raw.updateDataModel;
		if (isObject(model) && typeof model.surfaceId === 'string') {
			const used = written.get(model.surfaceId) ?? { size: 0, nodes: 0 };
			const left = { size: patchBounds.size - used.size, nodes: patchBounds.nodes - used.nodes };
			const measured = measureWithin(model.value, left);
			if (!measured) {
				problems.add(
					`surface ${model.surfaceId}: a data model update would pass ${patchBounds.size} characters or ${patchBounds.nodes} values; it and later ones are left out`
				);
				written.set(model.surfaceId, { size: patchBounds.size, nodes: patchBounds.nodes });
				continue;
			}
			written.set(model.surfaceId, { size: used.size + measured.size, nodes: used.nodes + measured.nodes });
		}
		const capped = () => problems.add(`lists past ${a2uiLimits.listItems} items are cut`);
		const message = clean({ ...raw, updateComponents: undefined }, capped) as Json;
		if (isObject(raw.updateComponents)) {
			const { components: list, ...rest } = raw.updateComponents;
			message.updateComponents = {
				...(clean(rest, capped) as Json),
				components: Array.isArray(list) ? list.map((component) => clean(component, capped)) : []
			};
		} else delete message.updateComponents;
		const create = message.createSurface;
		if (isObject(create) && typeof create.surfaceId === 'string') {
			const catalogId = typeof create.catalogId === 'string' ? create.catalogId : '';
			if (!basicCatalogIds.includes(catalogId) && catalogId !== minimalCatalogId) {
				problems.add(
					`surface ${create.surfaceId}: catalog "${catalogId.slice(0, 120)}" is not known here; drawn with the basic catalog`
				);
				create.catalogId = basicCatalogIds[0];
			}
		}
		const update = message.updateComponents;
		if (isObject(update) && typeof update.surfaceId === 'string') {
			const seen = counts.get(update.surfaceId) ?? new Set<string>();
			counts.set(update.surfaceId, seen);
			const byId = components.get(update.surfaceId) ?? new Map<string, Json>();
			components.set(update.surfaceId, byId);
			const kept: Json[] = [];
			for (const component of Array.isArray(update.components) ? update.components : []) {
				if (!isObject(component) || typeof component.id !== 'string') continue;
				if (!seen.has(component.id) && seen.size >= a2uiLimits.components) {
					problems.add(
						`surface ${update.surfaceId}: more than ${a2uiLimits.components} components; the rest are left out`
					);
					break;
				}
				seen.add(component.id);
				byId.set(component.id, component);
				kept.push(component);
			}
			update.components = kept;
		}
		messages.push(message);
	}
	for (const [surfaceId, byId] of components) cutCycles(surfaceId, byId, messages, problems);
	return { messages, problems: [...problems] };
}

/**
 * Cuts every reference to an ancestor (a cycle) or past the depth limit, walking from `root`
 * over the surface's final components (the objects in `messages`, changed in place).
 */
function cutCycles(surfaceId: string, byId: Map<string, Json>, messages: Json[], problems: Set<string>): void {
	let cut = false;
	const done = new Set<string>();
	const walk = (id: string, ancestors: Set<string>) => {
		const component = byId.get(id);
		if (!component || done.has(id)) return;
		ancestors.add(id);
		for (const ref of references(component)) {
			if (ancestors.has(ref.id) || ancestors.size >= a2uiLimits.depth) {
				ref.cut();
				cut = true;
			} else walk(ref.id, ancestors);
		}
		if (Array.isArray(component.children)) component.children = component.children.filter((c) => c !== undefined);
		ancestors.delete(id);
		done.add(id);
	};
	if (byId.has('root')) walk('root', new Set());
	if (!cut) return;
	problems.add(
		`surface ${surfaceId}: children that repeat an ancestor or nest deeper than ${a2uiLimits.depth} are cut`
	);
	messages.push({
		version: 'v0.9',
		updateComponents: { surfaceId, components: [{ id: cutId, component: 'Text', text: '' }] }
	});
}

/** The chat message an action becomes: what was pressed, on which surface, with its context. */
export function actionMessage(
	surfaceId: string,
	componentId: string,
	action: { name: string; context: Record<string, unknown> }
): string {
	return `A2UI action "${action.name}" from ${componentId} on surface ${surfaceId}: ${JSON.stringify(action.context).slice(0, 4000)}`;
}
