/**
 * The model's side of the canvas parameters, added to the canvas' UI callbacks: `canvas`
 * `list_params` and `set_param` (one cheap call turns "now only Japan" into new data in every
 * bound widget), `list` entries that name the parameters each widget binds and sets with their
 * values, display sources whose `{"$param": name}` run with the current values, and a filter
 * widget's `default` applied when it is displayed and its parameter is unset.
 */
import { isPlainObject, safeStringify, type ParamValue } from '$lib/shared';
import type { CanvasActionResult, UiCallbacks } from '$lib/agent/types';
import type { CanvasStore } from '../canvas-store.svelte';
import type { WidgetRecord } from '../types';
import { bindingProblems, bindParams, boundValues, paramNamesIn } from './bindings';

/** The parameter a widget sets: a chart's, table's or map's `select.param`, a filter's `param`. */
export function paramSetBy(record: Pick<WidgetRecord, 'type' | 'params'>): string | undefined {
	const select = record.params.select;
	if (isPlainObject(select) && typeof select.param === 'string') return select.param;
	if (record.type === 'filter' && typeof record.params.param === 'string') return record.params.param;
	return undefined;
}

/** The parameters a widget's source binds. */
export function paramsBoundBy(record: Pick<WidgetRecord, 'source'>): string[] {
	return record.source ? paramNamesIn(record.source.args) : [];
}

function listParams(store: CanvasStore): CanvasActionResult {
	const widgets = store.widgets;
	const names = new Set<string>(store.params.names);
	for (const record of widgets) {
		paramsBoundBy(record).forEach((name) => names.add(name));
		const set = paramSetBy(record);
		if (set) names.add(set);
	}
	const parameters = [...names].sort().map((name) => ({
		name,
		value: store.params.get(name),
		boundBy: widgets.filter((record) => paramsBoundBy(record).includes(name)).map((record) => record.id),
		setBy: widgets.filter((record) => paramSetBy(record) === name).map((record) => record.id)
	}));
	const note = parameters.length
		? 'set_param changes a value (null clears it); widgets in boundBy update by themselves.'
		: 'No parameters yet. Bind one with {"$param": "<name>"} in a source\'s args, set it with a chart\'s select, a filter widget or set_param.';
	return { ok: true, data: { parameters, note } };
}

function setParams(store: CanvasStore, params: Record<string, unknown>): CanvasActionResult {
	const values = isPlainObject(params.values)
		? params.values
		: typeof params.name === 'string'
			? { [params.name]: params.value ?? null }
			: {};
	const changed = store.params.setMany(values);
	if (!changed.ok) return { ok: false, error: changed.error };
	const names = Object.keys(values);
	const updating = store.widgets
		.filter((record) => paramsBoundBy(record).some((name) => names.includes(name)))
		.map((record) => record.id);
	const set = Object.fromEntries(names.map((name) => [name, store.params.get(name)]));
	const note = updating.length
		? `${updating.length} widget(s) run their sources again with the new value${names.length > 1 ? 's' : ''} and update by themselves; no other call is needed.`
		: `No widget binds ${names.join(', ')} yet: put {"$param": "${names[0]}"} in a source's args (e.g. query_sql's params) to make one follow it.`;
	return { ok: true, data: { set, updating, note } };
}

/** The list entry of a widget, with the parameters it binds (and their values) and the one it sets. */
function withParameters(store: CanvasStore, entry: unknown): unknown {
	if (!isPlainObject(entry) || typeof entry.id !== 'string') return entry;
	const record = store.get(entry.id);
	if (!record) return entry;
	const bound = paramsBoundBy(record);
	const sets = paramSetBy(record);
	return {
		...entry,
		...(bound.length ? { binds: Object.fromEntries(bound.map((name) => [name, store.params.get(name)])) } : {}),
		...(sets ? { sets: { [sets]: store.params.get(sets) } } : {})
	};
}

/** `base` (the canvas callbacks) with the parameter actions and bindings of `store`. */
export function withParameterCallbacks(base: UiCallbacks, store: CanvasStore): UiCallbacks {
	return {
		...base,
		onWidget(type, params, meta) {
			let source = meta.source;
			if (source) {
				// The template keeps the selection, so a refresh keeps it too; the record notes the values the data came with.
				const template =
					isPlainObject(params.select) && !('select' in source.params)
						? { ...source.params, select: params.select }
						: source.params;
				const paramValues: Record<string, ParamValue> = boundValues(source.args, store.params.values);
				source = {
					...source,
					params: template,
					...(Object.keys(paramValues).length ? { paramValues } : {})
				} as typeof source;
			}
			const shown = base.onWidget
				? base.onWidget(type, params, { ...meta, ...(source ? { source } : {}) })
				: { error: 'No canvas is attached.' };
			if (
				'id' in shown &&
				type === 'filter' &&
				typeof params.param === 'string' &&
				params.default !== undefined &&
				store.params.get(params.param) === null
			) {
				store.params.set(params.param, params.default);
			}
			return shown;
		},
		onList() {
			const listed = base.onList?.() ?? { ok: true as const, data: [] };
			if (!listed.ok || !Array.isArray(listed.data)) return listed;
			return { ok: true, data: listed.data.map((entry) => withParameters(store, entry)) };
		},
		onParams: (action, params) => (action === 'list_params' ? listParams(store) : setParams(store, params)),
		bindSourceArgs(args) {
			const problems = bindingProblems(args);
			if (problems.length)
				return { ok: false, error: `source.args binds parameters wrongly: ${safeStringify(problems.slice(0, 5))}` };
			return { ok: true, args: bindParams(args, store.params.values) };
		}
	};
}
