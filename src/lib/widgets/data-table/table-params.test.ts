import { describe, expect, it } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { compileValidatorsAtRuntime } from '$lib/webmcp/validation/runtime-compile';
import { dataTableDefinition } from './definition';
import { normalizeRows, resolveColumns } from './table-model';
import { tableInput } from './table-params';

const validator = createWidgetValidator([dataTableDefinition], compileValidatorsAtRuntime([dataTableDefinition]));
const sales = [
	{ region: 'North', revenue: 120, month: '2024-01' },
	{ region: 'South', revenue: 80, month: '2024-02' }
];

describe('data-table takes data and column keys like the other collection widgets', () => {
	it('accepts `data` as rows and `columns` as a list of keys, and shows those columns in that order', () => {
		const checked = validator.check('data-table', { data: sales, columns: ['revenue', 'region'] }, { draw: true });
		expect(checked.ok).toBe(true);
		const input = tableInput(checked.ok ? checked.value : {});
		const columns = resolveColumns(input.columns, normalizeRows(input.rows, input.columns));
		expect(columns.map((column) => [column.key, column.label, column.type])).toEqual([
			['revenue', 'Revenue', 'number'],
			['region', 'Region', 'text']
		]);
		expect(dataTableDefinition.naturalSize!({ data: sales, columns: ['revenue'] }).h).toBeGreaterThan(100);
	});

	it('mixes keys and column objects, prefers rows over data, and still needs one of them', () => {
		expect(tableInput({ rows: [{ a: 1 }], data: [{ b: 2 }], columns: ['a', { key: 'b', type: 'number' }] })).toEqual({
			rows: [{ a: 1 }],
			columns: [{ key: 'a' }, { key: 'b', type: 'number' }]
		});
		expect(validator.check('data-table', { columns: ['a'] }).ok).toBe(false);
	});

	it('names a key that is not in the data as a draw issue', () => {
		const checked = validator.check('data-table', { data: sales, columns: ['region', 'profit'] }, { draw: true });
		expect(checked.ok).toBe(false);
		expect(checked.ok ? [] : checked.details.map((detail) => detail.path)).toEqual(['/columns/1/key']);
	});
});
