import { describe, expect, it } from 'vitest';
import { bindParams } from './bindings';
import { bindSqlSource, columnsOf, filterParamsFor, linkClicks, paramNameFor } from './link-actions';

const rows = [
	{ Origin: 'USA', cars: 254 },
	{ Origin: 'Europe', cars: 73 },
	{ Origin: 'Japan', cars: 79 }
];

describe('linking and filtering by hand', () => {
	it('a filter on a column is a select of its values bound to a new parameter', () => {
		expect(columnsOf({ data: rows, x: 'Origin' })).toEqual(['Origin', 'cars']);
		const name = paramNameFor('Origin', ['other']);
		expect(name).toBe('origin');
		expect(paramNameFor('Origin', ['origin'])).toBe('origin_2');
		expect(paramNameFor('2024 sales', [])).toBe('p_2024_sales');
		expect(filterParamsFor(rows, 'Origin', name)).toEqual({
			param: 'origin',
			field: 'Origin',
			label: 'Origin',
			title: 'Origin filter',
			control: 'select',
			options: ['Europe', 'Japan', 'USA']
		});
		const many = Array.from({ length: 1500 }, (_, index) => ({ n: index }));
		expect(filterParamsFor(many, 'n', 'n')).toMatchObject({ control: 'range', min: 0, max: 1499 });
	});

	it('linking clicks gives the widget the select a model would', () => {
		expect(linkClicks({ data: rows, x: 'Origin', y: 'cars' }, 'Origin', 'origin')).toMatchObject({
			select: { param: 'origin', field: 'Origin' }
		});
	});

	it('binding a SQL source filters its rows by the parameter, all of them while it is unset', () => {
		const source = { tool: 'datasets_query_sql', args: { sql: 'SELECT Name, Origin FROM cars;', limit: 50 } };
		const bound = bindSqlSource(source, 'origin', 'Origin')!;
		expect(bound.args).toEqual({
			sql: 'SELECT * FROM (SELECT Name, Origin FROM cars) AS bound WHERE ($origin IS NULL OR "Origin" = $origin)',
			limit: 50,
			params: { origin: { $param: 'origin' } }
		});
		expect(bindParams(bound.args, { origin: 'Japan' })).toMatchObject({ params: { origin: 'Japan' } });
		expect(bindSqlSource({ tool: 'weather', args: { city: 'Oslo' } }, 'origin', 'Origin')).toBeUndefined();
	});
});
