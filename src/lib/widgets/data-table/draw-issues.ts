/**
 * What a data-table cannot show as asked, found from params alone: a column whose key is in
 * none of the object rows, an initial sort on a column that does not exist, and array rows
 * with more cells than there are named columns (the extra cells would silently vanish).
 */
import { isPlainObject } from '$lib/shared';
import type { DrawIssue } from '../types';
import type { DataTableParams } from './definition';
import { normalizeRows, resolveColumns } from './table-model';

const sampleSize = 1000;

/** The data-table's draw issues (see the module comment). */
export function dataTableIssues(params: DataTableParams): DrawIssue[] {
	const issues: DrawIssue[] = [];
	const rows = Array.isArray(params.rows) ? params.rows.slice(0, sampleSize) : [];
	const specs = params.columns ?? [];
	const objects = rows.filter(isPlainObject);
	if (objects.length > 0) {
		const present = new Set<string>();
		for (const row of objects) for (const key of Object.keys(row)) present.add(key);
		specs.forEach((spec, index) => {
			if (!present.has(spec.key)) {
				issues.push({
					path: `/columns/${index}/key`,
					message: `"${spec.key}" is not a key of the rows; keys are: ${[...present].slice(0, 30).join(', ')}`
				});
			}
		});
	}
	if (specs.length > 0) {
		const index = rows.findIndex((row) => Array.isArray(row) && row.length > specs.length);
		if (index !== -1) {
			const cells = (rows[index] as unknown[]).length;
			issues.push({
				path: `/rows/${index}`,
				message: `row ${index + 1} has ${cells} cells but ${specs.length} columns are named; name a column for each cell (or send object rows)`
			});
		}
	}
	if (params.sort && issues.length === 0) {
		const keys = resolveColumns(params.columns, normalizeRows(rows, params.columns)).map((column) => column.key);
		if (keys.length && !keys.includes(params.sort.key)) {
			issues.push({
				path: '/sort/key',
				message: `"${params.sort.key}" is not a column; columns are: ${keys.slice(0, 30).join(', ')}`
			});
		}
	}
	return issues;
}
