import { describe, expect, it } from 'vitest';
import { bindSource } from './app-bridge';
import { widgetChoices } from './default-widget';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

describe('the default widget of a result', () => {
	it('shows rows as a table and offers the charts their columns fit', () => {
		const rows = [
			{ city: 'Paris', day: '2024-01-01', temp: 3, rain: 1.2, lat: 48.8, lon: 2.3 },
			{ city: 'Rome', day: '2024-01-02', temp: 11, rain: 0.4, lat: 41.9, lon: 12.5 }
		];
		const choices = widgetChoices({ content: [], structuredContent: { rows } });
		expect(choices.map((choice) => choice.widget)).toEqual(['data-table', 'bar', 'line', 'scatter', 'map']);
		expect(choices[0].params).toEqual({ rows: { $ref: 'source#/rows' } });
		expect(choices[1].params).toMatchObject({ x: 'city', y: 'temp' });
		expect(choices[2].params).toMatchObject({ x: 'day', y: 'temp' });
		expect(bindSource(choices[0].params, { rows })).toEqual({ rows });
	});

	it('offers a map for coordinate columns under any of their usual names, bound as rows', () => {
		const rows = [{ iata: 'SFO', latitude: 37.62, longitude: -122.38 }];
		const map = widgetChoices({ content: [], structuredContent: { rows } }).find((choice) => choice.widget === 'map');
		expect(map?.params).toEqual({ data: { $ref: 'source#/rows' }, lat: 'latitude', lon: 'longitude', label: 'iata' });
	});

	it('shows an image as an image, prose as markdown, code as code and other JSON as a tree', () => {
		expect(widgetChoices({ content: [{ type: 'image', data: 'AAA', mimeType: 'image/png' }] })[0]).toMatchObject({
			widget: 'image',
			params: { src: 'data:image/png;base64,AAA' }
		});
		expect(widgetChoices(text('Echo: hello'))[0].widget).toBe('markdown');
		expect(widgetChoices(text('SELECT 1 FROM t'))[0].widget).toBe('code');
		expect(widgetChoices(text('{"temperature": 22, "conditions": "sunny"}'))[0]).toEqual({
			label: 'JSON',
			widget: 'json',
			params: { data: { $ref: 'source' } }
		});
		expect(widgetChoices({ content: [] })).toEqual([]);
	});

	it('offers charts for rows sent as JSON text with numbers as decimal strings (Postgres bigint and numeric)', () => {
		const rows = [
			{ state: 'CA', airports: '205', avg_latitude: '36.1234' },
			{ state: 'TX', airports: '209', avg_latitude: '30.9012' }
		];
		const choices = widgetChoices({ content: [{ type: 'text', text: JSON.stringify(rows, null, 2) }] });
		expect(choices[0]).toEqual({ label: 'Table', widget: 'data-table', params: { rows: { $ref: 'source' } } });
		expect(choices.find((choice) => choice.widget === 'bar')).toEqual({
			label: 'Bar chart',
			widget: 'bar',
			params: { data: { $ref: 'source' }, x: 'state', y: 'airports' }
		});
		const codes = widgetChoices({
			content: [{ type: 'text', text: JSON.stringify([{ zip: '02134', city: 'Boston' }]) }]
		});
		expect(codes.map((choice) => choice.widget)).toEqual(['data-table']);
	});
});
