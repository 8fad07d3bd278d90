import { describe, expect, it } from 'vitest';
import { kpiItems, kpiRowIssues, labelFor } from './rows';

const summary = [{ flights: 231083, avg_delay_min: 8.3, pct_late: 18.2 }];

describe('kpi-grid rows', () => {
	it('shows every column of a one-row result, labelled from the column names', () => {
		expect(kpiItems({ data: summary })).toEqual([
			{ label: 'Flights', value: 231083 },
			{ label: 'Avg delay min', value: 8.3 },
			{ label: 'Pct late', value: 18.2 }
		]);
		expect(kpiRowIssues({ data: summary })).toEqual([]);
	});

	it('picks, orders and labels columns with fields', () => {
		const params = {
			data: summary,
			fields: [{ field: 'avg_delay_min', label: 'Average delay', unit: 'min' }, 'flights']
		};
		expect(kpiItems(params)).toEqual([
			{ label: 'Average delay', value: 8.3, unit: 'min' },
			{ label: 'Flights', value: 231083 }
		]);
		expect(kpiRowIssues({ data: summary, fields: ['flights', 'delay'] })).toEqual([
			{
				path: '/fields/1',
				message: expect.stringContaining(
					'"delay" is not a field of the data; fields are: flights, avg_delay_min, pct_late'
				)
			}
		]);
	});

	it('makes one figure per row from label and value columns', () => {
		const rows = [
			{ origin: 'USA', cars: 254, unit: 'cars' },
			{ origin: 'Japan', cars: 79, unit: 'cars' }
		];
		expect(kpiItems({ data: rows, label: 'origin', value: 'cars', unit: 'unit' })).toEqual([
			{ label: 'USA', value: 254, unit: 'cars' },
			{ label: 'Japan', value: 79, unit: 'cars' }
		]);
		expect(kpiRowIssues({ data: rows, label: 'origin', value: 'Cars' })).toEqual([
			{ path: '/value', message: expect.stringContaining('(did you mean "cars"?)') }
		]);
		expect(kpiRowIssues({ data: rows, label: 'origin' })).toEqual([
			{ path: '/value', message: expect.stringContaining('columns are: origin, cars, unit') }
		]);
	});

	it('refuses several rows without label and value, and more figures than a grid holds', () => {
		expect(kpiRowIssues({ data: [...summary, ...summary] })).toEqual([
			{ path: '/data', message: expect.stringMatching(/2 rows: .*`label`.*`value`/) }
		]);
		const many = Array.from({ length: 30 }, (_, index) => ({ name: `n${index}`, value: index }));
		expect(kpiRowIssues({ data: many, label: 'name', value: 'value' })).toEqual([
			{ path: '/data', message: expect.stringMatching(/30 rows make 30 figures; a KPI grid shows at most 24/) }
		]);
		expect(kpiItems({ data: many, label: 'name', value: 'value' })).toHaveLength(24);
	});

	it('keeps items given directly', () => {
		const items = [{ label: 'Revenue', value: 12 }];
		expect(kpiItems({ items })).toEqual(items);
		expect(labelFor('total_revenue_eur')).toBe('Total revenue eur');
	});
});
