/**
 * The widgets of an in-page server, in two weights: summaries (name, title, description,
 * category, default size), there at once for the tool list, the recipe list and the
 * canvas; and full definitions (schema, example, recipe, keywords), which may load on demand so
 * the catalog's heavy text stays out of the initial JavaScript. Built from full definitions,
 * a catalog is loaded from the start.
 */
import { AutoUiError } from '$lib/shared';
import type { WidgetDefinition, WidgetSummary } from '$lib/widgets/types';

/** Loads the full definitions of a catalog's summaries. */
export type WidgetDefinitionsLoader = () => Promise<readonly WidgetDefinition[]>;

/** A server's widgets: summaries now, full definitions once loaded. */
export interface WidgetCatalog {
	/** Every widget name, in catalog order. */
	readonly names: readonly string[];
	/** Every summary, in catalog order. */
	readonly summaries: readonly WidgetSummary[];
	/** The summary of `name`, or undefined for an unknown widget. */
	summary(name: string): WidgetSummary | undefined;
	/** Whether the full definitions are available (`definition` answers). */
	readonly loaded: boolean;
	/** The full definition of `name`; undefined for an unknown widget or until `load` resolved. */
	definition(name: string): WidgetDefinition | undefined;
	/**
	 * Loads the full definitions once (concurrent calls share one load; a failed one can be
	 * retried). Rejects when they do not match the summaries (a stale build).
	 */
	load(): Promise<readonly WidgetDefinition[]>;
}

function isFullDefinition(widget: WidgetSummary): widget is WidgetDefinition {
	const candidate = widget as Partial<WidgetDefinition>;
	return candidate.schema !== undefined && candidate.example !== undefined && candidate.recipe !== undefined;
}

/** Throws `internal` unless `definitions` name exactly the summarised widgets, in order. */
function checkMatches(definitions: readonly WidgetDefinition[], names: readonly string[]): void {
	const loaded = definitions.map((definition) => definition.name);
	if (loaded.length !== names.length || loaded.some((name, index) => name !== names[index])) {
		throw new AutoUiError(
			'internal',
			`The widget definitions (${loaded.join(', ')}) do not match the widget index (${names.join(', ')}); rebuild the app.`
		);
	}
}

/**
 * Creates a catalog. Throws on a duplicate name, and when `widgets` are summaries without a
 * `loadDefinitions` to complete them (both programmer errors that must fail at start-up).
 */
export function createWidgetCatalog(
	widgets: readonly WidgetSummary[],
	loadDefinitions?: WidgetDefinitionsLoader
): WidgetCatalog {
	const summaries = new Map<string, WidgetSummary>();
	for (const widget of widgets) {
		if (summaries.has(widget.name)) throw new Error(`Duplicate widget name "${widget.name}"`);
		summaries.set(widget.name, widget);
	}
	const names = Object.freeze([...summaries.keys()]);
	let definitions: ReadonlyMap<string, WidgetDefinition> | undefined;
	let list: readonly WidgetDefinition[] | undefined;
	let loading: Promise<readonly WidgetDefinition[]> | undefined;

	function accept(loaded: readonly WidgetDefinition[]): readonly WidgetDefinition[] {
		checkMatches(loaded, names);
		list = loaded;
		definitions = new Map(loaded.map((definition) => [definition.name, definition]));
		return loaded;
	}

	if (!loadDefinitions) {
		const incomplete = widgets.filter((widget) => !isFullDefinition(widget)).map((widget) => widget.name);
		if (incomplete.length) {
			throw new AutoUiError(
				'invalid_argument',
				`Widgets ${incomplete.join(', ')} have no schema, example or recipe; pass a loader of their full definitions`
			);
		}
		accept(widgets as readonly WidgetDefinition[]);
	}

	return {
		names,
		summaries: Object.freeze([...summaries.values()]),
		summary: (name) => summaries.get(name),
		get loaded() {
			return definitions !== undefined;
		},
		definition: (name) => definitions?.get(name),
		load() {
			if (list) return Promise.resolve(list);
			loading ??= loadDefinitions!().then(accept);
			loading.catch(() => (loading = undefined));
			return loading;
		}
	};
}
