/**
 * Which widgets can show a tool's result when the user presses "Show on canvas", and the
 * params template that binds each to the result (`{"$ref": "source#/…"}`), so the widget
 * refreshes from its source. Rows (the array the agent's own reference hint points at,
 * `rows` first) become a table, plus bar, line, scatter and pie charts when a category and a
 * number column exist and a map when there are coordinate columns; an image an image (even
 * beside a text part), text Markdown or code, any other JSON a JSON tree. `offeredChoices`
 * keeps only the widgets whose validator accepts the bound data, so nothing offered fails.
 */
import { followPointer, rowsPointer } from '$lib/agent/references';
import { isPlainObject, tryParseJson, type ToolCallResult } from '$lib/shared';

/** One way to show a result. */
export interface WidgetChoice {
	/** Button label ("Table", "Bar chart", …). */
	label: string;
	widget: string;
	params: Record<string, unknown>;
}

/**
 * Whether a widget can show `params` (the template bound to the result): the widget's own
 * validator, with its draw checks. The workbench gets it from the app (`WorkbenchDeps`).
 */
export type WidgetFit = (widget: string, params: Record<string, unknown>) => boolean | Promise<boolean>;

type Rows = Array<Record<string, unknown>>;

const ref = (pointer: string) => ({ $ref: pointer ? `source#${pointer}` : 'source' });

/** The result's value as the direct-call path defines it: structuredContent, else parsed text, else text. */
export function resultValue(result: ToolCallResult): unknown {
	if (result.structuredContent !== undefined) return result.structuredContent;
	const texts = result.content.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text);
	if (texts.length !== 1) return texts.length ? texts.join('\n') : undefined;
	const parsed = tryParseJson(texts[0]);
	return parsed === undefined ? texts[0] : parsed;
}

const isRows = (candidate: unknown): candidate is Rows =>
	Array.isArray(candidate) && candidate.length > 0 && candidate.slice(0, 20).every(isPlainObject);

/**
 * The array of row objects a widget should bind and its pointer: where the agent's reference
 * hint points (the value itself, its `rows`, else its first array), when that holds rows.
 */
export function findRows(value: unknown): { pointer: string; rows: Rows } | undefined {
	const pointer = rowsPointer(value);
	if (pointer === undefined) return undefined;
	const found = followPointer(value, pointer);
	return found.ok && isRows(found.value) ? { pointer, rows: found.value } : undefined;
}

/** Replaces `{"$ref": "source…"}` in a params template by the value it points at. */
export function bindSource(template: Record<string, unknown>, value: unknown): Record<string, unknown> {
	const resolve = (node: unknown): unknown => {
		if (Array.isArray(node)) return node.map(resolve);
		if (!isPlainObject(node)) return node;
		if (typeof node.$ref === 'string' && Object.keys(node).length === 1 && /^source(#|$)/.test(node.$ref)) {
			const found = followPointer(value, node.$ref.replace(/^source#?/, ''));
			return found.ok ? found.value : undefined;
		}
		return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, resolve(child)]));
	};
	return resolve(template) as Record<string, unknown>;
}

/**
 * Decimal text, as databases send what a JavaScript number cannot hold exactly (Postgres sends
 * bigint and numeric, e.g. `count(*)` and `avg()`, as strings). Leading zeros stay text (codes).
 */
const decimalText = /^-?(0|[1-9]\d*)(\.\d+)?$/;

type ColumnType = 'number' | 'date' | 'text' | 'other';

function cellType(cell: unknown): ColumnType | undefined {
	if (cell === null || cell === undefined) return undefined;
	if (typeof cell === 'number' || (typeof cell === 'string' && decimalText.test(cell))) return 'number';
	if (typeof cell === 'string') return /^\d{4}-\d{2}-\d{2}/.test(cell) ? 'date' : 'text';
	return typeof cell === 'boolean' ? 'text' : 'other';
}

/**
 * Each column's type over the first rows (empty cells aside): one kind, else text; a column
 * holding lists or objects, or only empty cells, is "other" (no chart channel takes it).
 */
function columnTypes(rows: Rows): Map<string, ColumnType> {
	const seen = new Map<string, Set<ColumnType>>();
	for (const row of rows.slice(0, 50)) {
		for (const [key, cell] of Object.entries(row)) {
			const kinds = seen.get(key) ?? new Set<ColumnType>();
			const type = cellType(cell);
			if (type) kinds.add(type);
			seen.set(key, kinds);
		}
	}
	const types = new Map<string, ColumnType>();
	for (const [key, kinds] of seen) {
		types.set(key, kinds.size === 0 || kinds.has('other') ? 'other' : kinds.size === 1 ? [...kinds][0] : 'text');
	}
	return types;
}

const latKeys = /^(lat|latitude)$/i;
const lonKeys = /^(lon|lng|long|longitude)$/i;

/** The charts (and the map) that fit a table's columns. */
function chartChoices(rows: Rows, data: unknown): WidgetChoice[] {
	const types = columnTypes(rows);
	const keys = [...types.keys()];
	const ofType = (type: ColumnType) => keys.filter((key) => types.get(key) === type);
	const [numbers, dates, texts] = [ofType('number'), ofType('date'), ofType('text')];
	const lat = keys.find((key) => latKeys.test(key) && types.get(key) === 'number');
	const lon = keys.find((key) => lonKeys.test(key) && types.get(key) === 'number');
	const measures = numbers.filter((key) => key !== lat && key !== lon);
	const [measure, other] = measures;
	const category = texts[0] ?? dates[0];
	const choices: WidgetChoice[] = [];
	if (measure && category)
		choices.push({ label: 'Bar chart', widget: 'bar', params: { data, x: category, y: measure } });
	// Along a date, else along the first number (a year, a step), else across the categories.
	const line = dates[0] ? [dates[0], measure] : other ? [measure, other] : [category, measure];
	if (measure && line[0])
		choices.push({ label: 'Line chart', widget: 'line', params: { data, x: line[0], y: line[1] } });
	if (measure && other)
		choices.push({ label: 'Scatter plot', widget: 'scatter', params: { data, x: measure, y: other } });
	if (measure && category)
		choices.push({ label: 'Pie chart', widget: 'pie', params: { data, category, value: measure } });
	if (lat && lon)
		choices.push({ label: 'Map', widget: 'map', params: { data, lat, lon, ...(texts[0] ? { label: texts[0] } : {}) } });
	return choices;
}

const jsonTree: WidgetChoice = { label: 'JSON', widget: 'json', params: { data: ref('') } };

function textChoices(value: string): WidgetChoice[] {
	const markdown = { label: 'Text', widget: 'markdown', params: { content: ref('') } };
	const looksLikeCode =
		/^\s*[{[<]|^\s*(SELECT|WITH|def |function |import |#!)/im.test(value) && !/^#{1,6} /m.test(value);
	return looksLikeCode ? [{ label: 'Code', widget: 'code', params: { code: ref('') } }, markdown] : [markdown];
}

/**
 * The widgets that fit a result's shape, best first. Empty when the result holds nothing
 * showable (an empty result, or only audio). Candidates: `offeredChoices` checks them.
 */
export function widgetChoices(result: ToolCallResult): WidgetChoice[] {
	const image = result.content.find((part) => part.type === 'image');
	const pictures: WidgetChoice[] =
		image && image.type === 'image'
			? [
					{
						label: 'Image',
						widget: 'image',
						params: { src: `data:${image.mimeType};base64,${image.data}`, alt: 'Image returned by the tool' }
					}
				]
			: [];
	const value = resultValue(result);
	if (value === undefined) return pictures;
	const rows = findRows(value);
	if (rows) {
		const data = ref(rows.pointer);
		return [
			...pictures,
			{ label: 'Table', widget: 'data-table', params: { rows: data } },
			...chartChoices(rows.rows, data)
		];
	}
	if (typeof value === 'string') return [...pictures, ...textChoices(value)];
	if (typeof value === 'number' || typeof value === 'boolean' || value === null)
		return [...pictures, { label: 'Text', widget: 'markdown', params: { content: String(value) } }];
	return [...pictures, jsonTree];
}

/**
 * The choices to offer: the candidates whose params, bound to the result, their widget
 * accepts (`fits`); a result whose rows no widget can show (cells holding lists, say) falls
 * back to a JSON tree. Without `fits`, the candidates as they are.
 */
export async function offeredChoices(result: ToolCallResult, fits?: WidgetFit): Promise<WidgetChoice[]> {
	const candidates = widgetChoices(result);
	if (!fits) return candidates;
	const value = resultValue(result);
	const accepted = await Promise.all(
		candidates.map(async (choice) => {
			try {
				return await fits(choice.widget, bindSource(choice.params, value));
			} catch {
				return false;
			}
		})
	);
	const offered = candidates.filter((_, index) => accepted[index]);
	const structured = isPlainObject(value) || Array.isArray(value);
	if (structured && !offered.some((choice) => choice.widget !== 'image') && !candidates.includes(jsonTree)) {
		if (await fits(jsonTree.widget, bindSource(jsonTree.params, value))) offered.push(jsonTree);
	}
	return offered;
}
