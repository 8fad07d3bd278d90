/**
 * Data preparation shared by the typed charts: checks that named fields exist (with an
 * actionable message listing the real ones), coerces numbers sent as strings, normalises
 * dates, reshapes several y fields into long form, and builds common encodings.
 */
import { isPlainObject } from '$lib/shared';
import { toDate, toNumber } from '../shared/values';
import { list, numberish, object, oneOf, rows as rowsSchema, text, title } from '../shared/schema';
import type { JsonSchema } from '$lib/shared';
import { selectProperty, type SelectSpec } from '../shared/select-param';

export type Row = Record<string, unknown>;
export type FieldType = 'quantitative' | 'temporal' | 'nominal' | 'ordinal';

/** Params every x/y chart accepts. */
export type XYParams = {
	data: Row[];
	x: string;
	y: string | string[];
	color?: string;
	xTitle?: string;
	yTitle?: string;
	xType?: FieldType;
	description?: string;
	title?: string;
	select?: SelectSpec;
};

/** Schema properties shared by x/y charts. */
export const xyProperties: Record<string, JsonSchema> = {
	data: rowsSchema('Rows of data, one object per point/bar, e.g. [{"month":"2024-01","sales":120}]', 100_000),
	x: text('Field name for the x axis (category, date or number)', 200),
	y: {
		type: ['string', 'array'],
		items: { type: 'string', maxLength: 200 },
		maxItems: 12,
		description: 'Field name for the y axis (a number); several names draw one series each'
	},
	color: text('Field name that splits the data into coloured series (optional)', 200),
	xTitle: text('Axis title for x (defaults to the field name)', 200),
	yTitle: text('Axis title for y (defaults to the field name)', 200),
	xType: oneOf(['quantitative', 'temporal', 'nominal', 'ordinal'], 'Override the inferred type of x'),
	description: text('One sentence describing the chart, used as its accessible name', 500),
	title,
	select: selectProperty
};

export { list, numberish, object, oneOf, text, title };

/** The rows of a param that should be an array of objects. */
export function rowsOf(data: unknown): Row[] {
	return Array.isArray(data) ? data.filter(isPlainObject) : [];
}

/** Field names present in the first rows. */
export function fieldsOf(rows: Row[]): string[] {
	const fields = new Set<string>();
	for (const row of rows.slice(0, 100)) for (const key of Object.keys(row)) fields.add(key);
	return [...fields];
}

/** Problems for fields that are named but absent from the data. */
export function missingFields(rows: Row[], wanted: Record<string, string | string[] | undefined>): string[] {
	if (!rows.length) return [];
	const present = new Set(fieldsOf(rows));
	const problems: string[] = [];
	for (const [role, names] of Object.entries(wanted)) {
		for (const name of Array.isArray(names) ? names : names ? [names] : []) {
			if (!present.has(name))
				problems.push(
					`${role} field "${name}" is not in the data; fields are: ${[...present].slice(0, 20).join(', ')}`
				);
		}
	}
	return problems;
}

/** The Vega-Lite type that best fits the values of `field`. */
export function inferType(rows: Row[], field: string): FieldType {
	const values = rows
		.slice(0, 200)
		.map((row) => row[field])
		.filter((value) => value !== null && value !== undefined && value !== '');
	if (!values.length) return 'nominal';
	if (
		values.every(
			(value) =>
				typeof value === 'number' ||
				(typeof value === 'string' && toNumber(value) !== undefined && !/^\d{4}-\d{2}/.test(value))
		)
	) {
		const years = values.every((value) => /^\d{4}$/.test(String(value)));
		return years ? 'ordinal' : 'quantitative';
	}
	if (
		values.every(
			(value) => typeof value === 'string' && /^\d{4}-\d{2}(-\d{2})?([T ][\d:.]+(Z|[+-][\d:]+)?)?$/.test(value.trim())
		)
	)
		return 'temporal';
	return 'nominal';
}

/** Copies rows with numeric fields as numbers and temporal fields as ISO strings. */
export function coerce(rows: Row[], numeric: string[], temporal: string[] = []): Row[] {
	return rows.map((row) => {
		const out: Row = { ...row };
		for (const field of numeric) if (field in out) out[field] = toNumber(out[field]) ?? null;
		for (const field of temporal) if (field in out) out[field] = toDate(out[field])?.toISOString() ?? null;
		return out;
	});
}

/** Several y fields in wide form → long form with `series` and `value` columns. */
export function fold(rows: Row[], x: string, fields: string[], color?: string): Row[] {
	const out: Row[] = [];
	for (const row of rows) {
		for (const field of fields)
			out.push({
				[x]: row[x],
				...(color ? { [color]: row[color] } : {}),
				series: field,
				value: toNumber(row[field]) ?? null
			});
	}
	return out;
}

/** A field definition for an encoding channel. */
export function channel(
	field: string,
	type: FieldType,
	title?: string | null,
	extra: Record<string, unknown> = {}
): Record<string, unknown> {
	return { field, type, ...(title !== undefined ? { title } : {}), ...extra };
}

/** A readable accessible name when the model gave no description. */
export function describe(
	kind: string,
	params: { description?: string; title?: string },
	y: string | string[] | undefined,
	x: string | undefined
): string {
	if (params.description) return params.description;
	if (params.title) return `${kind}: ${params.title}`;
	const ys = Array.isArray(y) ? y.join(', ') : y;
	return `${kind} of ${ys ?? 'values'}${x ? ` by ${x}` : ''}`;
}

/**
 * The common x/y preparation: long-form rows, field types and encodings for x, y and colour.
 * Used by bar, line, area and scatter.
 */
export function prepareXY(params: XYParams) {
	const raw = rowsOf(params.data);
	const ys = (Array.isArray(params.y) ? params.y : [params.y]).filter(
		(field): field is string => typeof field === 'string'
	);
	const problems = missingFields(raw, { x: params.x, y: ys, color: params.color });
	const xType = params.xType ?? inferType(raw, params.x);
	const several = ys.length > 1;
	let data = xType === 'temporal' ? coerce(raw, ys, [params.x]) : coerce(raw, ys);
	if (xType === 'quantitative') data = coerce(data, [params.x]);
	const yField = several ? 'value' : ys[0];
	const colorField = several ? 'series' : params.color;
	if (several) data = fold(data, params.x, ys, params.color);
	const tooltip = [
		channel(params.x, xType, params.xTitle),
		...(colorField ? [channel(colorField, 'nominal')] : []),
		channel(yField, 'quantitative', params.yTitle, { format: ',.4~g' })
	];
	const monthly =
		xType === 'temporal' && raw.slice(0, 50).every((row) => /^\d{4}-\d{2}$/.test(String(row[params.x] ?? '').trim()));
	const x = channel(
		params.x,
		xType,
		params.xTitle,
		monthly ? { timeUnit: 'yearmonth', axis: { format: '%b %Y', labelOverlap: true } } : {}
	);
	return {
		data,
		problems,
		xType,
		yField,
		colorField,
		x,
		y: channel(yField, 'quantitative', params.yTitle ?? (several ? null : undefined)),
		color: colorField
			? channel(colorField, 'nominal', several ? null : undefined, several ? { sort: ys } : {})
			: undefined,
		tooltip,
		fields: [params.x, ...(params.color ? [params.color] : []), ...ys]
	};
}
