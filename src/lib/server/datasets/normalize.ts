/**
 * Column clean-up after a data set is read: where DuckDB's type inference disagrees with the
 * data package's declared field type (dates kept as text like "Jan 1 2000", titles read as
 * JSON because some are numbers, integers widened to HUGEINT), propose a conversion. A
 * conversion is applied only when it loses no value (same non-null count before and after).
 */
import type { DatasetField } from './catalog';

/** A column as DuckDB describes it. */
export interface ColumnInfo {
	name: string;
	type: string;
}

/** A proposed conversion: the SQL expression that yields the column's cleaner value. */
export interface ColumnConversion {
	column: string;
	expression: string;
}

/** Date and time layouts found in the vega data sets, tried in order. */
const DATE_FORMATS = [
	'%Y-%m-%d',
	'%Y/%m/%d %H:%M',
	'%Y/%m/%d',
	'%b %d %Y',
	'%Y-%m-%dT%H:%M:%S',
	'%Y-%m-%d %H:%M:%S',
	'%m/%d/%Y'
];

/** `name` as a double-quoted SQL identifier. */
export function quoteIdentifier(name: string): string {
	return `"${name.replace(/"/g, '""')}"`;
}

/** `text` as a single-quoted SQL string literal. */
export function quoteLiteral(text: string): string {
	return `'${text.replace(/'/g, "''")}'`;
}

const TEXTUAL = new Set(['VARCHAR', 'JSON']);
const WIDE_INTEGERS = new Set(['HUGEINT', 'UHUGEINT', 'UBIGINT']);

/** The conversions worth trying for these columns, given the declared fields. */
export function proposeConversions(columns: ColumnInfo[], fields: DatasetField[]): ColumnConversion[] {
	const declared = new Map(fields.map((field) => [field.name, field.type]));
	const conversions: ColumnConversion[] = [];
	for (const column of columns) {
		const fieldType = declared.get(column.name);
		const id = quoteIdentifier(column.name);
		const text = column.type === 'JSON' ? `json_extract_string(${id}, '$')` : id;
		const formats = `[${DATE_FORMATS.map(quoteLiteral).join(', ')}]`;
		let expression: string | undefined;
		if (fieldType === 'string' && column.type === 'JSON') expression = text;
		else if (fieldType === 'integer' && (TEXTUAL.has(column.type) || WIDE_INTEGERS.has(column.type))) {
			expression = `TRY_CAST(${text} AS BIGINT)`;
		} else if (fieldType === 'number' && (TEXTUAL.has(column.type) || WIDE_INTEGERS.has(column.type))) {
			expression = `TRY_CAST(${text} AS DOUBLE)`;
		} else if (fieldType === 'date' && TEXTUAL.has(column.type)) {
			expression = `CAST(try_strptime(${text}, ${formats}) AS DATE)`;
		} else if (fieldType === 'datetime' && TEXTUAL.has(column.type)) {
			expression = `try_strptime(${text}, ${formats})`;
		}
		if (expression) conversions.push({ column: column.name, expression });
	}
	return conversions;
}

/** SQL that counts non-null values before (`b0`, `b1`…) and after (`a0`, `a1`…) each conversion. */
export function conversionCheckSql(table: string, conversions: ColumnConversion[]): string {
	const parts = conversions.map(
		(conversion, index) =>
			`count(${quoteIdentifier(conversion.column)}) AS b${index}, count(${conversion.expression}) AS a${index}`
	);
	return `SELECT ${parts.join(', ')} FROM ${quoteIdentifier(table)}`;
}

/** SQL that rewrites the table with the given conversions applied. */
export function conversionApplySql(table: string, conversions: ColumnConversion[]): string {
	const replacements = conversions.map(
		(conversion) => `${conversion.expression} AS ${quoteIdentifier(conversion.column)}`
	);
	const name = quoteIdentifier(table);
	return `CREATE OR REPLACE TABLE ${name} AS SELECT * REPLACE (${replacements.join(', ')}) FROM ${name}`;
}
