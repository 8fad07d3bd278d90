import { describe, expect, it } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { compileValidatorsAtRuntime } from '$lib/webmcp/validation/runtime-compile';
import { widgetDefinitions } from '$lib/widgets/definitions';
import { bindSource, offeredChoices, widgetChoices, type WidgetFit } from './default-widget';

const validator = createWidgetValidator(widgetDefinitions, compileValidatorsAtRuntime(widgetDefinitions));
const fits: WidgetFit = (widget, params) => validator.check(widget, params, { draw: true }).ok;
const text = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });

/** What the datasets server's query_sql answers for a GROUP BY (columns first, then rows). */
const grouped = {
	columns: [
		{ name: 'Origin', type: 'VARCHAR' },
		{ name: 'avg_hp', type: 'DOUBLE' },
		{ name: 'cars', type: 'BIGINT' }
	],
	rows: [
		{ Origin: 'USA', avg_hp: 119.05, cars: 254 },
		{ Origin: 'Europe', avg_hp: 78.78, cars: 73 },
		{ Origin: 'Japan', avg_hp: 79.84, cars: 79 }
	],
	rowCount: 3,
	totalRows: 3
};

/** What list_datasets answers: each data set's columns is a list of strings. */
const datasets = {
	count: 2,
	datasets: [
		{ name: 'cars', description: 'Cars of the 1970s', rows: 406, columns: ['Name: VARCHAR', 'Horsepower: DOUBLE'] },
		{ name: 'airports', description: 'US airports', rows: 3376, columns: ['iata: VARCHAR', 'latitude: DOUBLE'] }
	],
	next: 'describe_dataset for statistics and samples; query_sql to query by table name.'
};

describe('the widgets "Show on canvas" offers for a result', () => {
	it('binds the rows of a query result, not its column list, and offers the charts a category and a number make', async () => {
		const offered = await offeredChoices(text(grouped), fits);
		expect(offered.map((choice) => choice.widget)).toEqual(['data-table', 'bar', 'line', 'scatter', 'pie']);
		expect(offered[0].params).toEqual({ rows: { $ref: 'source#/rows' } });
		expect(offered[1].params).toEqual({ data: { $ref: 'source#/rows' }, x: 'Origin', y: 'avg_hp' });
		expect(bindSource(offered[1].params, grouped).data).toEqual(grouped.rows);
	});

	it('never offers a widget whose validator refuses the data: rows with lists in their cells become a JSON tree', async () => {
		const candidates = widgetChoices(text(datasets)).map((choice) => choice.widget);
		expect(candidates).toContain('data-table');
		for (const widget of candidates) {
			const choice = widgetChoices(text(datasets)).find((candidate) => candidate.widget === widget)!;
			expect(fits(widget, bindSource(choice.params, datasets)), widget).toBe(false);
		}
		const offered = await offeredChoices(text(datasets), fits);
		expect(offered).toEqual([{ label: 'JSON', widget: 'json', params: { data: { $ref: 'source' } } }]);
	});

	it('offers a map for coordinate columns and drops the charts the data cannot draw', async () => {
		const airports = [
			{ iata: 'SFO', latitude: 37.62, longitude: -122.38 },
			{ iata: 'JFK', latitude: 40.64, longitude: -73.78 }
		];
		const offered = await offeredChoices(text({ rows: airports }), fits);
		expect(offered.map((choice) => choice.widget)).toEqual(['data-table', 'map']);
	});

	it('shows an image result as an image even when it also has a text part', async () => {
		const result = {
			content: [
				{ type: 'text' as const, text: 'Here is the tiny image:' },
				{ type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' }
			]
		};
		const offered = await offeredChoices(result, fits);
		expect(offered[0]).toMatchObject({ widget: 'image', params: { src: 'data:image/png;base64,iVBORw0KGgo=' } });
		expect(offered.map((choice) => choice.widget)).toEqual(['image', 'markdown']);
	});
});
