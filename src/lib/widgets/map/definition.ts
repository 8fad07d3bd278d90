/** `map`: points, bubbles and choropleths on bundled world / US maps (no tile server). */
import type { WidgetDefinition } from '../types';
import { list, numberish, object, oneOf, requireOneOf, text, title } from '../shared/schema';

export type MapPoint = { lat: number | string; lon: number | string; label?: string; value?: number | string; group?: string };
export type MapRegion = { region: string | number; value: number | string; label?: string };
export type MapParams = {
	region?: 'world' | 'europe' | 'usa' | 'auto';
	regions?: MapRegion[];
	points?: MapPoint[];
	valueTitle?: string;
	colorScheme?: 'blues' | 'greens' | 'oranges' | 'reds' | 'purples' | 'viridis' | 'redblue';
	description?: string;
	title?: string;
};

export const mapDefinition: WidgetDefinition<MapParams> = {
	name: 'map',
	title: 'Map',
	description: 'A map of the world, Europe or the USA: countries/states coloured by value (choropleth), and/or points and bubbles at coordinates.',
	category: 'maps',
	schema: {
		...object({
			region: oneOf(['auto', 'world', 'europe', 'usa'], 'Area shown (default auto: fits the data)'),
			regions: list(
				object({ region: { type: ['string', 'number'], description: 'Country (name, ISO alpha-2/alpha-3 or numeric code) or US state (name, postal or FIPS code)' }, value: numberish('Value colouring the area'), label: text('Display name', 200) }, ['region', 'value']),
				'Choropleth values per country or US state',
				{ max: 300 }
			),
			points: list(
				object({ lat: numberish('Latitude, -90..90'), lon: numberish('Longitude, -180..180'), label: text('Place name', 200), value: numberish('Bubble size'), group: text('Category (colour)', 100) }, ['lat', 'lon']),
				'Places as points (bubbles when they have values)',
				{ max: 20_000 }
			),
			valueTitle: text('What values measure, for the legend', 200),
			colorScheme: oneOf(['blues', 'greens', 'oranges', 'reds', 'purples', 'viridis', 'redblue'], 'Choropleth colours (redblue for values around zero)'),
			description: text('One sentence describing the map, used as its accessible name', 500),
			title
		}),
		...requireOneOf([['regions'], ['points']])
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
		points: [
			{ lat: 59.33, lon: 18.07, label: 'Stockholm' },
			{ lat: 52.52, lon: 13.4, label: 'Berlin' },
			{ lat: 40.42, lon: -3.7, label: 'Madrid' }
		]
	},
	recipe: {
		whenToUse: 'Where things are or how a value varies across countries or US states. For rankings of a few places a bar chart is easier to read; for values over time use line.',
		howToUse: 'Choropleth: `regions` [{ region, value }] with country names or ISO codes (US states by name or postal code). Points: `points` [{ lat, lon, label?, value?, group? }] — `value` makes bubbles. `region` picks world, europe or usa; auto fits the data. Maps are bundled, no tiles are fetched.'
	},
	defaultSize: { w: 600, h: 400 },
	keywords: ['map', 'choropleth', 'geography', 'countries', 'states', 'locations', 'coordinates', 'bubble map', 'geo']
};
