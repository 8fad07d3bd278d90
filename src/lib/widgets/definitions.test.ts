import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { widgetDefinitions, widgetRegistry } from './definitions';
import { widgetComponents } from './components';
import { defineWidgetRegistry } from './registry';
import type { JsonSchema } from '$lib/shared';
import { AutoUiError } from '$lib/shared';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }));
// `x-opaque` marks data only a sandboxed View reads (the params sanitiser leaves it as it is).
ajv.addKeyword({ keyword: 'x-opaque', schemaType: 'boolean' });
const validators = new Map(widgetDefinitions.map((definition) => [definition.name, ajv.compile(definition.schema)]));

function valid(name: string, params: unknown): boolean {
	return validators.get(name)!(params) as boolean;
}

/** Typical model mistakes per widget, beyond the generic ones checked for every widget. */
const mistakes: Record<string, unknown[]> = {
	stat: [{ label: 'Users', value: { amount: 3 } }, { label: 'Users', value: 3, trend: 'increasing' }, { value: 3 }],
	markdown: [{ content: ['a', 'b'] }, { text: 'hello' }],
	bar: [
		{ data: [{ a: 1 }], x: 'a' },
		{ data: { a: [1, 2] }, x: 'a', y: 'b' },
		{ data: [], x: 'a', y: 'b', layout: 'side-by-side' },
		{ data: [], x: { field: 'a' }, y: 'b' }
	],
	line: [
		{ data: [], x: 'a', y: 3 },
		{ data: [], x: 'a', y: 'b', interpolate: 'curvy' },
		{ values: [1, 2], x: 'a', y: 'b' }
	],
	area: [
		{ data: [], x: 'a', y: 'b', layout: 'grouped' },
		{ data: 'a,b', x: 'a', y: 'b' }
	],
	scatter: [
		{ data: [], x: 'a', y: ['b', 'c'] },
		{ data: [], x: 'a', y: 'b', trendline: 'yes' }
	],
	pie: [
		{ data: [{ a: 'x', b: 1 }] },
		{ data: [], category: 'a', value: 'b', labels: ['x'] },
		{ data: [], category: 3, value: 'b' }
	],
	donut: [
		{ data: [{ a: 'x', b: 1 }], donut: 'true' },
		{ data: [], category: 'a' }
	],
	histogram: [{ x: 'a' }, { values: 'a,b' }, { values: [1, 2], bins: 1 }, { values: [1, 2], bins: 2.5 }],
	heatmap: [
		{ data: [], x: 'a', y: 'b' },
		{ data: [], x: 'a', y: 'b', value: 'c', showValues: 'no' }
	],
	boxplot: [
		{ data: [], x: 'a' },
		{ data: [], y: 'b', extent: 'iqr' }
	],
	chart: [{ spec: 'bar chart of sales' }, { spec: { data: { values: [] } } }, { vegaLite: { mark: 'bar' } }],
	'kpi-grid': [{ items: [] }, { items: [{ label: 'a' }] }, { stats: [{ label: 'a', value: 1 }] }],
	gauge: [{ value: 'high', bands: [{ to: 50, variant: 'green' }] }, { label: 'CPU' }],
	progress: [{ label: 'a' }, { items: [{ value: 3 }] }, { items: [] }],
	sparkline: [{ values: [] }, { values: [[1, 2]] }, { data: [1, 2] }],
	callout: [{ message: 'x', variant: 'error' }, { text: 'x' }],
	code: [{ code: ['a'] }, { source: 'x' }],
	json: [{ data: 1, expandDepth: -1 }, { json: {} }],
	kv: [{ items: [{ key: 'a' }] }, { pairs: [] }, { items: [{ key: 'a', value: { nested: 1 } }] }],
	list: [{ items: 'a, b' }, { items: [{ label: 'x' }] }, { items: [3] }],
	tags: [{ tags: 'a,b' }, { tags: [{ text: 'x' }] }, { tags: [{ label: 'x', variant: 'red' }] }],
	'link-list': [
		{ links: [{ title: 'x' }] },
		{ links: [{ url: 'https://example.org' }] },
		{ links: ['https://example.org'] }
	],
	map: [
		{ region: 'asia', points: [] },
		{ points: [{ lat: 1 }] },
		{ regions: [{ region: 'France' }] },
		{ valueTitle: 'x' }
	],
	timeline: [{ events: [{ title: 'x' }] }, { events: [{ date: '2024', title: 'x', variant: 'green' }] }, { items: [] }],
	tree: [{ root: { children: [] } }, { root: { name: 'a', children: [{ label: 'b' }] } }, { root: 'a' }],
	sankey: [
		{ links: [] },
		{ links: [{ source: 'a', target: 'b' }] },
		{ flows: [{ source: 'a', target: 'b', value: 1 }] }
	],
	network: [{ links: [{ source: 'a' }] }, { nodes: [{ id: 'a' }] }, { links: [{ source: { id: 'a' }, target: 'b' }] }],
	hemicycle: [
		{ groups: [] },
		{ groups: [{ name: 'A' }] },
		{ groups: [{ name: 'A', seats: 3, color: 'red; background:url(x)' }] }
	],
	profile: [
		{ role: 'x' },
		{ name: 'A', links: [{ url: 'https://example.org' }] },
		{ name: 'A', facts: { born: 1900 } }
	],
	cards: [{ cards: [{ subtitle: 'x' }] }, { cards: [{ title: 'x', badges: 'a' }] }, { items: [] }],
	image: [
		{ src: 'https://upload.wikimedia.org/a.png' },
		{ url: 'https://upload.wikimedia.org/a.png', alt: 'x' },
		{ src: 'x', alt: 'y', fit: 'stretch' }
	],
	gallery: [{ images: [] }, { images: [{ src: 'x' }] }, { images: ['https://upload.wikimedia.org/a.png'] }],
	actions: [{ actions: [] }, { actions: [{ label: 'Go' }] }, { buttons: [{ label: 'Go', message: 'go' }] }],
	choice: [
		{ options: ['a'] },
		{ question: 'q', options: [] },
		{ question: 'q', options: [{ value: 'a' }] },
		{ question: 'q', options: ['a'], multiple: 'yes' }
	],
	filter: [
		{ param: 'origin' },
		{ param: 'origin', control: 'dropdown' },
		{ param: 'my origin', control: 'select' },
		{ param: 'origin', control: 'select', options: [{ a: { nested: 1 } }] }
	],
	'mcp-app': [
		{ server: 's', tool: 't', resource: 'https://evil.example/page', toolInput: {} },
		{ server: 's', tool: 't', resource: 'ui://v', toolInput: 'x=1' }
	],
	a2ui: [{ messages: [] }, { surface: { id: 'x' } }, { messages: ['createSurface'] }],
	'data-table': [
		{ rows: 'a,b\n1,2' },
		{ data: [{ a: 1 }], columns: [{ label: 'A' }] },
		{ rows: [{ a: 1 }], columns: [{ key: 'a', type: 'money' }] },
		{ rows: [{ a: { nested: true } }] }
	]
};

describe('widget catalog', () => {
	it('has a component for every definition and a definition for every component', () => {
		expect(Object.keys(widgetComponents).sort()).toEqual(widgetDefinitions.map((definition) => definition.name).sort());
	});

	it('builds its registry (no duplicate names)', () => {
		expect(widgetRegistry.names.length).toBe(widgetDefinitions.length);
		expect(widgetRegistry.require('stat').name).toBe('stat');
	});

	for (const definition of widgetDefinitions) {
		describe(definition.name, () => {
			it('has a complete definition', () => {
				expect(definition.title.length).toBeGreaterThan(1);
				expect(definition.description.length).toBeGreaterThan(20);
				expect(definition.recipe.whenToUse.length).toBeGreaterThan(40);
				expect(definition.recipe.howToUse.length).toBeGreaterThan(40);
				expect(definition.schema.type).toBe('object');
				expect(definition.defaultSize.w).toBeGreaterThanOrEqual(120);
				expect(definition.defaultSize.h).toBeGreaterThanOrEqual(60);
			});

			it('has an example that validates against its schema', () => {
				const validate = validators.get(definition.name)!;
				expect(validate(definition.example), JSON.stringify(validate.errors)).toBe(true);
			});

			it('rejects a missing required field, an unknown field and a bad enum', () => {
				const example = definition.example as Record<string, unknown>;
				for (const key of definition.schema.required ?? []) {
					const { [key]: _removed, ...rest } = example;
					expect(valid(definition.name, rest), `without ${key}`).toBe(false);
				}
				expect(valid(definition.name, { ...example, colour: 'red' })).toBe(false);
				for (const [key, property] of Object.entries(definition.schema.properties ?? {})) {
					if ((property as JsonSchema).enum)
						expect(valid(definition.name, { ...example, [key]: 'not-a-choice' }), key).toBe(false);
				}
				expect(valid(definition.name, 'a string')).toBe(false);
			});

			it('rejects typical model mistakes', () => {
				for (const params of mistakes[definition.name] ?? [])
					expect(valid(definition.name, params), JSON.stringify(params)).toBe(false);
			});
		});
	}

	it('has specific mistakes listed for every widget', () => {
		for (const definition of widgetDefinitions)
			expect(mistakes[definition.name]?.length ?? 0, definition.name).toBeGreaterThan(0);
	});
});

describe('defineWidgetRegistry', () => {
	const base = widgetDefinitions[0];

	it('throws at start-up on a duplicate name', () => {
		expect(() => defineWidgetRegistry([base, { ...base }])).toThrowError(/duplicate widget name "stat"/);
		try {
			defineWidgetRegistry([base, base]);
		} catch (error) {
			expect(error).toBeInstanceOf(AutoUiError);
			expect((error as AutoUiError).code).toBe('invalid_argument');
		}
	});

	it('rejects names that are not kebab-case', () => {
		expect(() => defineWidgetRegistry([{ ...base, name: 'Stat Card' }])).toThrowError(/kebab-case/);
	});

	it('lists the available names when a lookup fails', () => {
		const registry = defineWidgetRegistry([base]);
		expect(registry.get('nope')).toBeUndefined();
		expect(() => registry.require('nope')).toThrowError(/unknown widget "nope"; available: stat/);
	});
});

describe('examples work offline', () => {
	function imageUrls(value: unknown, found: string[] = []): string[] {
		if (
			typeof value === 'string' &&
			(/\.(png|jpe?g|gif|webp|avif|svg)(\?|$)/i.test(value) || /wikimedia|unsplash|picsum/i.test(value))
		)
			found.push(value);
		else if (Array.isArray(value)) for (const item of value) imageUrls(item, found);
		else if (value && typeof value === 'object') for (const item of Object.values(value)) imageUrls(item, found);
		return found;
	}

	it("the image, gallery, profile and cards examples use the app's own images, never a third-party host", () => {
		const used = new Map(widgetDefinitions.map((definition) => [definition.name, imageUrls(definition.example)]));
		for (const name of ['image', 'gallery', 'profile', 'cards'])
			expect(used.get(name)!.length, name).toBeGreaterThan(0);
		for (const [name, urls] of used) for (const url of urls) expect(url, name).toMatch(/^\/examples\/[a-z0-9-]+\.png$/);
		const shipped = new Set(readdirSync(new URL('../../../static/examples/', import.meta.url)));
		for (const url of [...used.values()].flat()) expect(shipped.has(url.slice('/examples/'.length)), url).toBe(true);
	});
});
