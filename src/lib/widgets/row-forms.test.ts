/**
 * Widgets take rows: every widget that shows a collection accepts `data` rows plus the names
 * of the columns to use. For each, the rows form passes the widget's schema, turns into the
 * items its renderer draws, and a misnamed column is a draw issue listing the real columns.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { widgetRegistry } from './definitions';
import { cardsRows } from './cards/rows';
import { galleryRows } from './gallery/rows';
import { hemicycleRows } from './hemicycle/rows';
import { kpiItems } from './kpi-grid/rows';
import { linkListRows } from './link-list/rows';
import { listRows } from './list/rows';
import { mapWithRows } from './map/rows';
import { networkRows } from './network/rows';
import { progressWithRows } from './progress/rows';
import { sankeyRows } from './sankey/rows';
import { sparklineWithRows } from './sparkline/rows';
import { tagsRows } from './tags/rows';
import { timelineRows } from './timeline/rows';
import { treeWithRows } from './tree/rows';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }));
// `x-opaque` marks data only a sandboxed View reads (the params sanitiser leaves it as it is).
ajv.addKeyword({ keyword: 'x-opaque', schemaType: 'boolean' });

type Params = Record<string, unknown>;

interface RowForm {
	widget: string;
	params: Params;
	/** What the renderer draws from these params. */
	drawn: (params: Params) => unknown;
	expected: unknown;
	/** A param whose column is renamed to one that does not exist. */
	misnamed: string;
}

const flights = [
	{ origin: 'SFO', destination: 'LAX', flights: 1200, share: 64.5, day: '2001-01-01' },
	{ origin: 'LAX', destination: 'SEA', flights: 800, share: 35.5, day: '2001-01-02' }
];

const forms: RowForm[] = [
	{
		widget: 'map',
		params: {
			data: [{ iata: 'SFO', latitude: 37.62, longitude: -122.38 }],
			lat: 'latitude',
			lon: 'longitude',
			label: 'iata'
		},
		drawn: (params) => mapWithRows(params).points,
		expected: [{ lat: 37.62, lon: -122.38, label: 'SFO' }],
		misnamed: 'lat'
	},
	{
		widget: 'kpi-grid',
		params: { data: flights, label: 'origin', value: 'flights' },
		drawn: (params) => kpiItems(params),
		expected: [
			{ label: 'SFO', value: 1200 },
			{ label: 'LAX', value: 800 }
		],
		misnamed: 'value'
	},
	{
		widget: 'list',
		params: { data: flights, text: 'origin', detail: 'destination' },
		drawn: (params) => listRows.withRows(params).items,
		expected: [
			{ text: 'SFO', detail: 'LAX' },
			{ text: 'LAX', detail: 'SEA' }
		],
		misnamed: 'text'
	},
	{
		widget: 'timeline',
		params: { data: flights, date: 'day', label: 'origin' },
		drawn: (params) => timelineRows.withRows(params).events,
		expected: [
			{ date: '2001-01-01', title: 'SFO' },
			{ date: '2001-01-02', title: 'LAX' }
		],
		misnamed: 'date'
	},
	{
		widget: 'network',
		params: { data: flights, from: 'origin', to: 'destination', value: 'flights' },
		drawn: (params) => networkRows.withRows(params).links,
		expected: [
			{ source: 'SFO', target: 'LAX', value: 1200 },
			{ source: 'LAX', target: 'SEA', value: 800 }
		],
		misnamed: 'to'
	},
	{
		widget: 'sankey',
		params: { data: flights, from: 'origin', to: 'destination', value: 'flights' },
		drawn: (params) => sankeyRows.withRows(params).links,
		expected: [
			{ source: 'SFO', target: 'LAX', value: 1200 },
			{ source: 'LAX', target: 'SEA', value: 800 }
		],
		misnamed: 'from'
	},
	{
		widget: 'gallery',
		params: { data: [{ file: '/examples/fjord.png', what: 'A fjord' }], src: 'file', alt: 'what' },
		drawn: (params) => galleryRows.withRows(params).images,
		expected: [{ src: '/examples/fjord.png', alt: 'A fjord' }],
		misnamed: 'alt'
	},
	{
		widget: 'cards',
		params: { data: flights, label: 'origin', subtitle: 'destination' },
		drawn: (params) => cardsRows.withRows(params).cards,
		expected: [
			{ title: 'SFO', subtitle: 'LAX' },
			{ title: 'LAX', subtitle: 'SEA' }
		],
		misnamed: 'label'
	},
	{
		widget: 'tags',
		params: { data: flights, label: 'origin', count: 'flights' },
		drawn: (params) => tagsRows.withRows(params).tags,
		expected: [
			{ label: 'SFO', count: 1200 },
			{ label: 'LAX', count: 800 }
		],
		misnamed: 'count'
	},
	{
		widget: 'link-list',
		params: {
			data: [{ name: 'Data sets', href: 'https://example.org/data', publisher: 'Example' }],
			label: 'name',
			url: 'href',
			site: 'publisher'
		},
		drawn: (params) => linkListRows.withRows(params).links,
		expected: [{ title: 'Data sets', url: 'https://example.org/data', source: 'Example' }],
		misnamed: 'url'
	},
	{
		widget: 'hemicycle',
		params: {
			data: [
				{ party: 'A', seats: 120 },
				{ party: 'B', seats: 80 }
			],
			label: 'party',
			seats: 'seats'
		},
		drawn: (params) => hemicycleRows.withRows(params).groups,
		expected: [
			{ name: 'A', seats: 120 },
			{ name: 'B', seats: 80 }
		],
		misnamed: 'seats'
	},
	{
		widget: 'progress',
		params: { data: flights, label: 'origin', value: 'share', max: 100, unit: '%' },
		drawn: (params) => progressWithRows(params).items,
		expected: [
			{ label: 'SFO', value: 64.5, max: 100, unit: '%' },
			{ label: 'LAX', value: 35.5, max: 100, unit: '%' }
		],
		misnamed: 'label'
	},
	{
		widget: 'tree',
		params: {
			data: [
				{ species: 'Adelie', island: 'Biscoe', penguins: 44 },
				{ species: 'Adelie', island: 'Dream', penguins: 56 },
				{ species: 'Gentoo', island: 'Biscoe', penguins: 124 }
			],
			levels: ['species', 'island'],
			value: 'penguins',
			rootLabel: 'Penguins'
		},
		drawn: (params) => treeWithRows(params).root,
		expected: {
			name: 'Penguins',
			value: 224,
			children: [
				{
					name: 'Adelie',
					value: 100,
					children: [
						{ name: 'Biscoe', value: 44 },
						{ name: 'Dream', value: 56 }
					]
				},
				{ name: 'Gentoo', value: 124, children: [{ name: 'Biscoe', value: 124 }] }
			]
		},
		misnamed: 'value'
	},
	{
		widget: 'sparkline',
		params: { data: flights, y: 'flights', x: 'day' },
		drawn: (params) => {
			const shown = sparklineWithRows(params);
			return [shown.values, shown.startLabel, shown.endLabel];
		},
		expected: [[1200, 800], '2001-01-01', '2001-01-02'],
		misnamed: 'y'
	}
];

describe('widgets take rows', () => {
	for (const form of forms) {
		describe(form.widget, () => {
			const definition = widgetRegistry.require(form.widget);
			const validate = ajv.compile(definition.schema);

			it('accepts data rows with column names and draws the items they make', () => {
				expect(validate(form.params), JSON.stringify(validate.errors)).toBe(true);
				expect(form.drawn(form.params)).toEqual(form.expected);
				expect(definition.drawIssues?.(form.params) ?? []).toEqual([]);
			});

			it('reports a column that is not in the rows, naming the columns that are', () => {
				const misnamed = { ...form.params, [form.misnamed]: 'nope' };
				expect(validate(misnamed)).toBe(true);
				expect(definition.drawIssues?.(misnamed)).toEqual([
					{
						path: `/${form.misnamed}`,
						message: expect.stringMatching(/"nope" is not a field of the data; fields are: /)
					}
				]);
			});

			it('says so in its recipe', () => {
				expect(definition.recipe.howToUse).toMatch(/`data`/);
				expect(definition.recipe.howToUse).toContain('{"$ref": "source#/rows"}');
			});
		});
	}

	it('a sankey whose rows loop back is refused at the looping rows', () => {
		const sankey = widgetRegistry.require('sankey');
		const looping = [...flights, { origin: 'SEA', destination: 'SFO', flights: 5 }];
		expect(sankey.drawIssues?.({ data: looping, from: 'origin', to: 'destination', value: 'flights' })).toEqual([
			{ path: '/data', message: expect.stringMatching(/the flows form a cycle/) }
		]);
		expect(sankey.drawIssues?.({ data: [{ a: 'x', b: 'x', v: 1 }], from: 'a', to: 'b', value: 'v' })).toEqual([
			{ path: '/data/0', message: expect.stringMatching(/a flow from "x" to itself/) }
		]);
	});

	it('a tree level that is not a column is reported at its place in levels', () => {
		const tree = widgetRegistry.require('tree');
		expect(tree.drawIssues?.({ data: flights, levels: ['origin', 'Destination'] })).toEqual([
			{ path: '/levels/1', message: expect.stringContaining('(did you mean "destination"?)') }
		]);
	});

	it('rows without the column names a widget needs fail its schema', () => {
		for (const [widget, params] of [
			['timeline', { data: flights, date: 'day' }],
			['network', { data: flights, from: 'origin' }],
			['sankey', { data: flights, from: 'origin', to: 'destination' }],
			['sparkline', { data: flights }],
			['map', { data: flights }],
			['tree', { data: flights }]
		] as const) {
			expect(ajv.compile(widgetRegistry.require(widget).schema)(params), widget).toBe(false);
		}
	});
});
