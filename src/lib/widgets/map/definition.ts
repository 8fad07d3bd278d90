/** `map`: points, bubbles and choropleths on bundled world / US maps (no tile server). */
import type { WidgetDefinition } from '../types';
import { list, numberish, object, oneOf, requireOneOf, text, title } from '../shared/schema';
import { rowProperties, type RowParams } from '../shared/row-binding';
import { mapBinding, mapRowIssues } from './rows';
import { mapSize } from './size';
import { selectIssues, selectProperty, type SelectSpec } from '../shared/select-param';

export type MapPoint = {
	lat: number | string;
	lon: number | string;
	label?: string;
	value?: number | string;
	group?: string;
	sel?: unknown;
};
export type MapRegion = { region: string | number; value: number | string; label?: string; sel?: unknown };
export type MapParams = RowParams & {
	lat?: string;
	lon?: string;
	label?: string;
	value?: string;
	group?: string;
	regionField?: string;
	region?: 'world' | 'europe' | 'usa' | 'auto';
	regions?: MapRegion[];
	points?: MapPoint[];
	valueTitle?: string;
	colorScheme?: 'blues' | 'greens' | 'oranges' | 'reds' | 'purples' | 'viridis' | 'redblue';
	description?: string;
	title?: string;
	select?: SelectSpec;
};

export const mapDefinition: WidgetDefinition<MapParams> = {
	name: 'map',
	title: 'Map',
	description:
		'A map of the world, Europe or the USA: countries/states coloured by value (choropleth), and/or points and bubbles at coordinates.',
	category: 'maps',
	schema: {
		...object({
			region: oneOf(['auto', 'world', 'europe', 'usa'], 'Area shown (default auto: fits the data)'),
			regions: list(
				object(
					{
						region: {
							type: ['string', 'number'],
							description: 'Country (name, ISO alpha-2/alpha-3 or numeric code) or US state (name, postal or FIPS code)'
						},
						value: numberish('Value colouring the area'),
						label: text('Display name', 200)
					},
					['region', 'value']
				),
				'Choropleth values per country or US state',
				{ max: 300 }
			),
			points: list(
				object(
					{
						lat: numberish('Latitude, -90..90'),
						lon: numberish('Longitude, -180..180'),
						label: text('Place name', 200),
						value: numberish('Bubble size'),
						group: text('Category (colour)', 100)
					},
					['lat', 'lon']
				),
				'Places as points (bubbles when they have values)',
				{ max: 20_000 }
			),
			...rowProperties(
				mapBinding,
				20_000,
				'Rows as a query returns them, one per place or area; the field-name params say which columns to use'
			),
			valueTitle: text('What values measure, for the legend', 200),
			colorScheme: oneOf(
				['blues', 'greens', 'oranges', 'reds', 'purples', 'viridis', 'redblue'],
				'Choropleth colours (redblue for values around zero)'
			),
			description: text('One sentence describing the map, used as its accessible name', 500),
			title,
			select: selectProperty
		}),
		...requireOneOf([['regions'], ['points'], ['data', 'lat', 'lon'], ['data', 'regionField']])
	},
	example: {
		region: 'europe',
		valueTitle: 'Renewables share of energy (%)',
		description: 'Share of renewable energy in gross final consumption, 2022, with three capital cities',
		regions: [
			{ region: 'Sweden', value: 66 },
			{ region: 'FIN', value: 47.9 },
			{ region: 'Latvia', value: 43.2 },
			{ region: 'DNK', value: 41.6 },
			{ region: 'Estonia', value: 38.5 },
			{ region: 'PRT', value: 34.7 },
			{ region: 'AT', value: 33.8 },
			{ region: 'Germany', value: 20.8 },
			{ region: 'France', value: 20.3 },
			{ region: 'Spain', value: 21.9 },
			{ region: 'Italy', value: 19.1 },
			{ region: 'Poland', value: 16.9 },
			{ region: 'Netherlands', value: 15 },
			{ region: 'Belgium', value: 13.8 },
			{ region: 'Ireland', value: 13.1 },
			{ region: 'Norway', value: '75.8' }
		],
		data: [
			{ city: 'Stockholm', latitude: 59.33, longitude: 18.07 },
			{ city: 'Berlin', latitude: 52.52, longitude: 13.4 },
			{ city: 'Madrid', latitude: 40.42, longitude: -3.7 }
		],
		lat: 'latitude',
		lon: 'longitude',
		label: 'city'
	},
	recipe: {
		whenToUse:
			'Where things are or how a value varies across countries or US states. For rankings of a few places a bar chart is easier to read; for values over time use line.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and field names say which columns to use — `lat` and `lon` (coordinate columns) make points, with `label`, `value` (bubble size) and `group` (colour) columns; `regionField` (a country name/ISO code or US state column) with `value` makes a choropleth. Written out instead: `points` [{ lat, lon, label?, value?, group? }] or `regions` [{ region, value }]. `region` picks world, europe or usa; auto fits the data. Maps are bundled, no tiles are fetched.'
	},
	defaultSize: { w: 600, h: 400 },
	naturalSize: mapSize,
	keywords: [
		'map',
		'choropleth',
		'geography',
		'countries',
		'states',
		'locations',
		'coordinates',
		'bubble map',
		'geo',
		'markers',
		'latitude',
		'longitude'
	],
	drawIssues: (params) => [...mapRowIssues(params), ...selectIssues(params, params.data)]
};
