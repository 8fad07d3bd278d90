/**
 * The profile card's one-click charts: a query that suits the table (a total of its first
 * number column per value of its first text column with few values, else counts per value,
 * else the first rows), run once in the page, and the workbench's choices for its result.
 */
import { offeredChoices, type WidgetChoice, type WidgetFit } from '$lib/workbench/default-widget';
import type { TableDescription } from './describe';
import type { QueryResult } from './engine';

const NUMERIC = /^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|FLOAT|DOUBLE|REAL|DECIMAL.*)$/;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const alias = (name: string) =>
	name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '') || 'value';

/** The SQL of the card's charts for a described table. */
export function profileChartSql(description: TableDescription): string {
	const table = quote(description.name);
	const category = description.columns.find(
		(column) => column.type === 'VARCHAR' && column.distinct > 1 && column.distinct <= 50
	);
	const measure = description.columns.find((column) => NUMERIC.test(column.type) && column.distinct > 1);
	if (category && measure) {
		const total = `total_${alias(measure.name)}`;
		return `SELECT ${quote(category.name)} AS ${alias(category.name)}, round(sum(${quote(measure.name)}), 2) AS ${total} FROM ${table} GROUP BY 1 ORDER BY 2 DESC LIMIT 20`;
	}
	if (category)
		return `SELECT ${quote(category.name)} AS ${alias(category.name)}, count(*) AS rows FROM ${table} GROUP BY 1 ORDER BY 2 DESC LIMIT 20`;
	return `SELECT * FROM ${table} LIMIT 100`;
}

/** The widgets the workbench would offer for `result`, best first. */
export function chartChoices(result: QueryResult, fits?: WidgetFit): Promise<WidgetChoice[]> {
	return offeredChoices({ content: [{ type: 'text', text: JSON.stringify(result) }] }, fits);
}
