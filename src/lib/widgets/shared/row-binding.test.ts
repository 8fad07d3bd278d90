import { describe, expect, it } from 'vitest';
import { itemsFromRows, itemsOrRows, rowIssues, rowProperties, withRows, type RowBinding } from './row-binding';

const binding: RowBinding = {
	label: { key: 'title', description: 'the title', required: true },
	value: { key: 'amount', description: 'the amount', numeric: true }
};
const rows = [
	{ name: 'North', revenue: 120, note: null },
	{ name: 'South', revenue: '80' }
];

describe('row binding', () => {
	it('fills each item field from the column its param names, leaving null cells out', () => {
		expect(itemsFromRows({ data: rows, label: 'name', value: 'revenue' }, binding)).toEqual([
			{ title: 'North', amount: 120 },
			{ title: 'South', amount: '80' }
		]);
		expect(itemsFromRows({ data: [{ name: null }], label: 'name' }, binding)).toEqual([{}]);
		expect(itemsFromRows({ label: 'name' }, binding)).toEqual([]);
	});

	it('appends the items the rows make to those given directly, and leaves params without rows alone', () => {
		const given = { items: [{ title: 'East', amount: 3 }] };
		expect(withRows(given, 'items', binding)).toBe(given);
		expect(withRows({ ...given, data: rows, label: 'name' }, 'items', binding).items).toEqual([
			{ title: 'East', amount: 3 },
			{ title: 'North' },
			{ title: 'South' }
		]);
	});

	it('reports named columns that are missing or hold no numbers, listing the columns', () => {
		expect(rowIssues({ data: rows, label: 'Name', value: 'name' }, binding)).toEqual([
			{
				path: '/label',
				message: '"Name" is not a field of the data; fields are: name, revenue, note (did you mean "name"?)'
			},
			{ path: '/value', message: expect.stringMatching(/"name" holds no numbers .*numeric fields: revenue/) }
		]);
		expect(rowIssues({ label: 'Name' }, binding)).toEqual([]);
	});

	it('describes the rows form in the schema: data, one text param per column, items or data with the required ones', () => {
		const properties = rowProperties(binding, 50, 'Rows');
		expect(Object.keys(properties)).toEqual(['data', 'label', 'value']);
		expect(properties.data).toMatchObject({ type: 'array', maxItems: 50 });
		expect(properties.value.description).toMatch(/column holding the amount \(optional\)/);
		expect(itemsOrRows('items', binding)).toEqual({
			anyOf: [
				{ required: ['items'], properties: { items: true } },
				{ required: ['data', 'label'], properties: { data: true, label: true } }
			]
		});
	});
});
