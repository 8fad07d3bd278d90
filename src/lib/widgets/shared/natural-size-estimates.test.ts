/**
 * Natural sizes of the charts, maps, structures and media: each widget's estimate reads its
 * params in the rows form (`data` rows plus column names) and in the items form alike, stays
 * within the bounds, and grows with what the content needs.
 */
import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '../definitions';
import { naturalBounds, naturalFrameSize } from './natural-size';

const definition = (name: string) => {
	const found = widgetDefinitions.find((candidate) => candidate.name === name);
	if (!found) throw new Error(`no widget ${name}`);
	return found;
};
const size = (name: string, params: Record<string, unknown>) => naturalFrameSize(definition(name), params);

function expectSane(result: { w: number; h: number }, label: string) {
	expect(result.w, label).toBeGreaterThanOrEqual(naturalBounds.minW);
	expect(result.w, label).toBeLessThanOrEqual(naturalBounds.maxW);
	expect(result.h, label).toBeGreaterThanOrEqual(naturalBounds.minH);
	expect(result.h, label).toBeLessThanOrEqual(naturalBounds.maxH);
}

const estimated = [
	'line',
	'area',
	'scatter',
	'histogram',
	'heatmap',
	'boxplot',
	'chart',
	'map',
	'json',
	'tree',
	'network',
	'sankey',
	'image',
	'gallery',
	'profile',
	'gauge',
	'sparkline',
	'hemicycle'
];

const links = [
	{ a: 'Coal', b: 'Power', t: 40 },
	{ a: 'Gas', b: 'Power', t: 30 },
	{ a: 'Gas', b: 'Heat', t: 12 },
	{ a: 'Power', b: 'Homes', t: 35 },
	{ a: 'Power', b: 'Industry', t: 35 }
];

/** The same content in the rows form and the items form, by widget. */
const forms: Record<string, { rows: Record<string, unknown>; items: Record<string, unknown> }> = {
	map: {
		rows: {
			data: [
				{ city: 'Paris', la: 48.8, lo: 2.3, kind: 'capital' },
				{ city: 'Lyon', la: 45.7, lo: 4.8, kind: 'city' }
			],
			lat: 'la',
			lon: 'lo',
			label: 'city',
			group: 'kind'
		},
		items: {
			points: [
				{ lat: 48.8, lon: 2.3, label: 'Paris', group: 'capital' },
				{ lat: 45.7, lon: 4.8, label: 'Lyon', group: 'city' }
			]
		}
	},
	tree: {
		rows: {
			data: [
				{ dept: 'Eng', team: 'Web', n: 4 },
				{ dept: 'Eng', team: 'Data', n: 3 },
				{ dept: 'Sales', team: 'EU', n: 5 }
			],
			levels: ['dept', 'team'],
			value: 'n',
			rootLabel: 'Company'
		},
		items: {
			root: {
				name: 'Company',
				value: 12,
				children: [
					{
						name: 'Eng',
						value: 7,
						children: [
							{ name: 'Web', value: 4 },
							{ name: 'Data', value: 3 }
						]
					},
					{ name: 'Sales', value: 5, children: [{ name: 'EU', value: 5 }] }
				]
			}
		}
	},
	network: {
		rows: { data: links, from: 'a', to: 'b', value: 't' },
		items: { links: links.map((link) => ({ source: link.a, target: link.b, value: link.t })) }
	},
	sankey: {
		rows: { data: links, from: 'a', to: 'b', value: 't' },
		items: { links: links.map((link) => ({ source: link.a, target: link.b, value: link.t })) }
	},
	gallery: {
		rows: {
			data: Array.from({ length: 6 }, (_, index) => ({
				url: `https://example.org/${index}.jpg`,
				what: `Photo ${index}`
			})),
			src: 'url',
			alt: 'what'
		},
		items: {
			images: Array.from({ length: 6 }, (_, index) => ({
				src: `https://example.org/${index}.jpg`,
				alt: `Photo ${index}`
			}))
		}
	},
	sparkline: {
		rows: {
			data: Array.from({ length: 90 }, (_, index) => ({ day: `d${index}`, n: index % 7 })),
			x: 'day',
			y: 'n',
			label: 'Signups'
		},
		items: {
			values: Array.from({ length: 90 }, (_, index) => index % 7),
			startLabel: 'd0',
			endLabel: 'd89',
			label: 'Signups'
		}
	},
	hemicycle: {
		rows: {
			data: Array.from({ length: 9 }, (_, index) => ({ party: `Party number ${index}`, n: 20 + index })),
			label: 'party',
			seats: 'n'
		},
		items: { groups: Array.from({ length: 9 }, (_, index) => ({ name: `Party number ${index}`, seats: 20 + index })) }
	}
};

describe('natural sizes of charts, maps, structures and media', () => {
	it('every one of them has an estimate that keeps its example within the bounds', () => {
		for (const name of estimated) {
			expect(definition(name).naturalSize, name).toBeTypeOf('function');
			expectSane(size(name, definition(name).example), name);
		}
	});

	it('copes with empty and odd params without throwing, giving a frame within the bounds', () => {
		for (const name of estimated) {
			expect(() => definition(name).naturalSize!({}), name).not.toThrow();
			expectSane(size(name, {}), name);
			expectSane(size(name, { data: 'not rows', x: 3, items: null }), `${name} odd`);
		}
	});

	it('gives the rows form and the items form the same frame', () => {
		for (const [name, { rows, items }] of Object.entries(forms)) {
			const fromRows = size(name, rows);
			expectSane(fromRows, `${name} rows`);
			expect(fromRows, name).toEqual(size(name, items));
		}
	});

	it('grows with the content the rows bring', () => {
		const bigger = (name: string, small: Record<string, unknown>, large: Record<string, unknown>, side: 'w' | 'h') =>
			expect(size(name, large)[side], `${name} ${side}`).toBeGreaterThan(size(name, small)[side]);
		const people = (count: number) =>
			Array.from({ length: count }, (_, index) => ({
				name: `Person ${index}`,
				team: `Team ${index % 12}`,
				score: index
			}));
		bigger(
			'heatmap',
			{ data: people(4), x: 'team', y: 'name', value: 'score' },
			{ data: people(20), x: 'team', y: 'name', value: 'score' },
			'h'
		);
		bigger('boxplot', { data: people(3), x: 'team', y: 'score' }, { data: people(40), x: 'team', y: 'score' }, 'w');
		bigger(
			'boxplot',
			{ data: people(3), x: 'team', y: 'score', horizontal: true },
			{ data: people(40), x: 'team', y: 'score', horizontal: true },
			'h'
		);
		bigger(
			'line',
			{ data: people(12), x: 'name', y: 'score' },
			{ data: people(12), x: 'name', y: 'score', color: 'team' },
			'w'
		);
		bigger('histogram', { data: people(40), x: 'score' }, { data: people(40), x: 'score', bins: 45 }, 'w');
		bigger('network', forms.network.rows, { data: people(60), from: 'name', to: 'team' }, 'h');
		bigger('sankey', forms.sankey.rows, { data: people(30), from: 'name', to: 'team', value: 'score' }, 'h');
		bigger(
			'gallery',
			{
				data: people(2).map((person) => ({ src: `https://example.org/${person.name}.png`, alt: person.name })),
				src: 'src',
				alt: 'alt'
			},
			forms.gallery.rows,
			'h'
		);
		bigger('tree', forms.tree.rows, { ...forms.tree.rows, data: people(30), levels: ['team', 'name'] }, 'h');
		bigger('json', { data: { a: 1 } }, { data: { list: people(12) } }, 'h');
		bigger(
			'profile',
			{ name: 'Ada' },
			{
				name: 'Ada',
				bio: 'Mathematician. '.repeat(20),
				facts: [
					{ label: 'Born', value: 1815 },
					{ label: 'Died', value: 1852 }
				]
			},
			'h'
		);
		bigger(
			'image',
			{ src: 'https://example.org/a.png', alt: 'A' },
			{ src: 'https://example.org/a.png', alt: 'A', caption: 'A long caption. '.repeat(12) },
			'h'
		);
		bigger('chart', { spec: { mark: 'point' } }, { spec: { mark: 'point', width: 700, height: 500 } }, 'h');
		bigger(
			'map',
			{ region: 'world', regions: [{ region: 'FR', value: 1 }] },
			{ region: 'europe', regions: [{ region: 'FR', value: 1 }] },
			'h'
		);
		bigger('hemicycle', { groups: [{ name: 'A', seats: 10 }] }, forms.hemicycle.items, 'h');
	});

	it('opens a small tree or network smaller than a large one but never below the bounds', () => {
		expectSane(size('tree', { root: { name: 'Only' } }), 'one-node tree');
		expectSane(size('network', { nodes: [{ id: 1 }] }), 'one-node network');
		expect(size('sparkline', { values: [1, 2, 3] }).w).toBeLessThan(size('sparkline', forms.sparkline.items).w);
	});
});
