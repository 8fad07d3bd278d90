import { describe, expect, it } from 'vitest';
import { chipSummary, rowCount, sqlTables } from './chip-summary';

describe('chip summaries', () => {
	it('name a displayed widget by its type and title', () => {
		expect(chipSummary('widget_display', { name: 'bar', params: { title: 'Horsepower by origin', data: [] } })).toBe(
			'bar · Horsepower by origin'
		);
		expect(chipSummary('widget_display', { name: 'stat', params: { label: 'Cars', value: 406 } })).toBe('stat · Cars');
		expect(chipSummary('widget_display', { name: 'json', params: {} })).toBe('json');
	});

	it('name a query by its tables and the rows it returned', () => {
		const result = JSON.stringify({ columns: [], rows: [{ a: 1 }, { a: 2 }, { a: 3 }] });
		expect(chipSummary('query_sql', { sql: 'SELECT origin, avg(horsepower) FROM cars GROUP BY origin' }, result)).toBe(
			'cars, 3 rows'
		);
		expect(
			chipSummary(
				'query_sql',
				{ sql: 'select * from "flights_2k" f join airports a on f.origin = a.iata' },
				JSON.stringify({ rows: [], totalRows: 2000 })
			)
		).toBe('flights_2k, airports, 2,000 rows');
		expect(chipSummary('describe_dataset', { name: 'cars' })).toBe('cars');
		expect(chipSummary('echo', { message: 'hi' })).toBe('');
	});

	it('name recipe look-ups and canvas actions', () => {
		expect(chipSummary('get_recipe', { name: 'bar' })).toBe('bar');
		expect(chipSummary('search_recipes', { query: 'trend over time' })).toBe('"trend over time"');
		expect(chipSummary('canvas', { action: 'move', id: 'w_1' })).toBe('move w_1');
	});

	it('read row counts and tables defensively', () => {
		expect(rowCount('not json')).toBeUndefined();
		expect(rowCount('[1,2]')).toBe(2);
		expect(sqlTables('SELECT 1')).toEqual([]);
		expect(
			chipSummary('widget_display', { name: 'markdown', params: { text: 'x'.repeat(200) } }).length
		).toBeLessThanOrEqual(48);
	});
});
