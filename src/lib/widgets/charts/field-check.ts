/**
 * Checks, from params alone, that the fields a chart names exist in its rows and that number
 * channels hold numbers — what the renderer would otherwise report as "This chart cannot be
 * drawn" after the model was told the widget was displayed. Messages name the fields that
 * exist (and the one that differs only in case), so the model can correct the call.
 */
import type { DrawIssue } from '../types';
import { toDate, toNumber } from '../shared/values';
import { fieldsOf, rowsOf, type Row } from './prepare';

/** One channel to check: where it is in params, the field name(s), and whether it needs numbers. */
export interface FieldRole {
	path: string;
	names: string | string[] | undefined;
	numeric?: boolean;
}

const sampleSize = 200;

function hasNumbers(rows: Row[], field: string): boolean {
	const values = rows
		.slice(0, sampleSize)
		.map((row) => row[field])
		.filter((value) => value !== null && value !== undefined && value !== '');
	return values.length === 0 || values.some((value) => toNumber(value) !== undefined);
}

function listed(fields: readonly string[]): string {
	return fields.length ? fields.slice(0, 30).join(', ') : '(none)';
}

/** Issues for fields absent from the rows of `data`, and for number channels without numbers. */
export function fieldIssues(data: unknown, roles: readonly FieldRole[]): DrawIssue[] {
	const rows = rowsOf(data);
	if (rows.length === 0) return [];
	const present = fieldsOf(rows);
	const known = new Set(present);
	const issues: DrawIssue[] = [];
	for (const role of roles) {
		const names = Array.isArray(role.names) ? role.names : role.names ? [role.names] : [];
		names.forEach((name, index) => {
			const path = Array.isArray(role.names) ? `${role.path}/${index}` : role.path;
			if (!known.has(name)) {
				const near = present.find((field) => field.toLowerCase() === name.toLowerCase());
				issues.push({
					path,
					message: `"${name}" is not a field of the data; fields are: ${listed(present)}${near ? ` (did you mean "${near}"?)` : ''}`
				});
			} else if (role.numeric && !hasNumbers(rows, name)) {
				const numeric = present.filter(
					(field) => field !== name && rows.slice(0, sampleSize).some((row) => typeof toNumber(row[field]) === 'number')
				);
				const example = rows
					.map((row) => row[name])
					.find((value) => value !== null && value !== undefined && value !== '');
				issues.push({
					path,
					message: `"${name}" holds no numbers (e.g. ${JSON.stringify(example)}); this channel needs a number field; numeric fields: ${listed(numeric)}`
				});
			}
		});
	}
	return issues;
}

/**
 * The checks of an x/y chart (bar, line, area): x (numbers when `xType` is quantitative,
 * dates when temporal), numeric y (one or several), colour.
 */
export function xyIssues(params: {
	data?: unknown;
	x?: string;
	y?: string | string[];
	color?: string;
	xType?: string;
	select?: { field?: string };
}): DrawIssue[] {
	const issues = fieldIssues(params.data, [
		{ path: '/x', names: params.x, numeric: params.xType === 'quantitative' },
		{ path: '/y', names: params.y, numeric: true },
		{ path: '/color', names: params.color },
		{ path: '/select/field', names: params.select?.field }
	]);
	if (params.xType === 'temporal' && params.x && !issues.some((issue) => issue.path === '/x')) {
		const values = rowsOf(params.data)
			.slice(0, sampleSize)
			.map((row) => row[params.x!])
			.filter((value) => value !== null && value !== undefined && value !== '');
		if (values.length && !values.some((value) => toDate(value) !== undefined)) {
			issues.push({
				path: '/x',
				message: `"${params.x}" holds no dates (e.g. ${JSON.stringify(values[0])}) but xType is "temporal"; send ISO dates such as "2024-03-01", or drop xType`
			});
		}
	}
	return issues;
}
