/**
 * Which widget shows a tool's result best when the user presses "Show on canvas", and the
 * params template that binds it to the result (`{"$ref": "source#/…"}`), so the widget
 * refreshes from its source. Rows become a table (with bar/line/scatter/map offered when the
 * columns fit), an image an image, text markdown or code, any other JSON a JSON tree.
 */
import { isPlainObject, tryParseJson, type ToolCallResult } from '$lib/shared';

/** One way to show a result. */
export interface WidgetChoice {
	/** Button label ("Table", "Bar chart", …). */
	label: string;
	widget: string;
	params: Record<string, unknown>;
}

const ref = (pointer: string) => ({ $ref: pointer ? `source#${pointer}` : 'source' });

/** The result's value as the direct-call path defines it: structuredContent, else parsed text, else text. */
export function resultValue(result: ToolCallResult): unknown {
	if (result.structuredContent !== undefined) return result.structuredContent;
	const texts = result.content.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text);
	if (texts.length !== 1) return texts.length ? texts.join('\n') : undefined;
	const parsed = tryParseJson(texts[0]);
	return parsed === undefined ? texts[0] : parsed;
}

/** Finds an array of row objects in the value (the value itself, or one of its members) and its pointer. */
export function findRows(value: unknown): { pointer: string; rows: Array<Record<string, unknown>> } | undefined {
	const isRows = (candidate: unknown): candidate is Array<Record<string, unknown>> =>
		Array.isArray(candidate) && candidate.length > 0 && candidate.slice(0, 20).every(isPlainObject);
	if (isRows(value)) return { pointer: '', rows: value };
	if (!isPlainObject(value)) return undefined;
	for (const [key, member] of Object.entries(value)) {
		if (isRows(member)) return { pointer: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, rows: member };
	}
	return undefined;
}

/**
 * Decimal text, as databases send what a JavaScript number cannot hold exactly (Postgres sends
 * bigint and numeric, e.g. `count(*)` and `avg()`, as strings). Leading zeros stay text (codes).
 */
const decimalText = /^-?(0|[1-9]\d*)(\.\d+)?$/;

function columnTypes(rows: Array<Record<string, unknown>>): Map<string, 'number' | 'date' | 'text'> {
	const types = new Map<string, 'number' | 'date' | 'text'>();
	for (const row of rows.slice(0, 50)) {
		for (const [key, cell] of Object.entries(row)) {
			const number = typeof cell === 'number' || (typeof cell === 'string' && decimalText.test(cell));
			const type = number ? 'number' : typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}/.test(cell) ? 'date' : 'text';
			const known = types.get(key);
			types.set(key, known === undefined || known === type ? type : 'text');
		}
	}
	return types;
}

const latKeys = /^(lat|latitude)$/i;
const lonKeys = /^(lon|lng|long|longitude)$/i;

/** The charts that fit a table's columns. */
function chartChoices(rows: Array<Record<string, unknown>>, data: unknown): WidgetChoice[] {
	const types = columnTypes(rows);
	const keys = [...types.keys()];
	const numbers = keys.filter((key) => types.get(key) === 'number');
	const dates = keys.filter((key) => types.get(key) === 'date');
	const texts = keys.filter((key) => types.get(key) === 'text');
	const choices: WidgetChoice[] = [];
	const lat = keys.find((key) => latKeys.test(key));
	const lon = keys.find((key) => lonKeys.test(key));
	const measure = numbers.find((key) => key !== lat && key !== lon);
	if (measure && (texts[0] ?? dates[0]))
		choices.push({ label: 'Bar chart', widget: 'bar', params: { data, x: texts[0] ?? dates[0], y: measure } });
	if (measure && (dates[0] ?? numbers.find((key) => key !== measure))) {
		choices.push({
			label: 'Line chart',
			widget: 'line',
			params: { data, x: dates[0] ?? numbers.find((key) => key !== measure), y: measure }
		});
	}
	const pair = numbers.filter((key) => key !== lat && key !== lon);
	if (pair.length >= 2)
		choices.push({ label: 'Scatter plot', widget: 'scatter', params: { data, x: pair[0], y: pair[1] } });
	if (lat && lon)
		choices.push({ label: 'Map', widget: 'map', params: { data, lat, lon, ...(texts[0] ? { label: texts[0] } : {}) } });
	return choices;
}

/**
 * The ways to show a result, best first. Empty when the result holds nothing showable
 * (an empty result, or only audio).
 */
export function widgetChoices(result: ToolCallResult): WidgetChoice[] {
	const value = resultValue(result);
	const rows = findRows(value);
	if (rows) {
		const data = ref(rows.pointer);
		return [{ label: 'Table', widget: 'data-table', params: { rows: data } }, ...chartChoices(rows.rows, data)];
	}
	if (value === undefined) {
		const image = result.content.find((part) => part.type === 'image');
		if (image && image.type === 'image') {
			return [
				{
					label: 'Image',
					widget: 'image',
					params: { src: `data:${image.mimeType};base64,${image.data}`, alt: 'Image returned by the tool' }
				}
			];
		}
		return [];
	}
	if (typeof value === 'string') {
		const looksLikeCode =
			/^\s*[{[<]|^\s*(SELECT|WITH|def |function |import |#!)/im.test(value) && !/^#{1,6} /m.test(value);
		return looksLikeCode
			? [
					{ label: 'Code', widget: 'code', params: { code: ref('') } },
					{ label: 'Text', widget: 'markdown', params: { content: ref('') } }
				]
			: [
					{ label: 'Text', widget: 'markdown', params: { content: ref('') } },
					{ label: 'Code', widget: 'code', params: { code: ref('') } }
				];
	}
	if (typeof value === 'number' || typeof value === 'boolean' || value === null)
		return [{ label: 'Text', widget: 'markdown', params: { content: String(value) } }];
	return [{ label: 'JSON', widget: 'json', params: { data: ref('') } }];
}
