import { describe, expect, it } from 'vitest';
import { mapRowIssues, mapWithRows } from './rows';

const airports = [
	{ iata: 'SFO', name: 'San Francisco International', latitude: 37.619, longitude: -122.375, departures: 120 },
	{ iata: 'LAX', name: 'Los Angeles International', latitude: 33.943, longitude: -118.408, departures: null }
];

describe('map rows', () => {
	it('makes a point per row from the columns lat, lon, label, value and group name', () => {
		const shown = mapWithRows({
			data: airports,
			lat: 'latitude',
			lon: 'longitude',
			label: 'iata',
			value: 'departures'
		});
		expect(shown.points).toEqual([
			{ lat: 37.619, lon: -122.375, label: 'SFO', value: 120 },
			{ lat: 33.943, lon: -118.408, label: 'LAX' }
		]);
		expect(shown.regions).toEqual([]);
	});

	it('makes choropleth areas from regionField and value, after the regions given directly', () => {
		const shown = mapWithRows({
			regions: [{ region: 'TX', value: 3 }],
			data: [{ state: 'CA', airports: 205 }],
			regionField: 'state',
			value: 'airports'
		});
		expect(shown.regions).toEqual([
			{ region: 'TX', value: 3 },
			{ region: 'CA', value: 205 }
		]);
		expect(shown.points).toEqual([]);
	});

	it('leaves params without rows as they are', () => {
		const params = { points: [{ lat: 1, lon: 2 }] };
		expect(mapWithRows(params)).toBe(params);
		expect(mapRowIssues(params)).toEqual([]);
	});

	it('names the columns that exist when a named one is missing or holds no numbers', () => {
		expect(mapRowIssues({ data: airports, lat: 'lat', lon: 'longitude', label: 'name' })).toEqual([
			{
				path: '/lat',
				message: '"lat" is not a field of the data; fields are: iata, name, latitude, longitude, departures'
			}
		]);
		expect(mapRowIssues({ data: airports, lat: 'latitude', lon: 'name' })).toEqual([
			{
				path: '/lon',
				message: expect.stringMatching(/"name" holds no numbers .*numeric fields: latitude, longitude, departures/)
			}
		]);
	});

	it('asks for coordinates or a region column when rows name neither', () => {
		expect(mapRowIssues({ data: airports, label: 'iata' })).toEqual([
			{ path: '/data', message: expect.stringMatching(/`lat` and `lon`.*`regionField`/) }
		]);
	});
});
