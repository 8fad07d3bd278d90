import { describe, expect, it } from 'vitest';
import { parseToolDescriptor, parseToolSet } from './descriptor';

const weather = {
	name: 'get_weather',
	description: 'Current weather for a city',
	mode: 'live',
	input_schema: {
		type: 'object',
		properties: { city: { type: 'string' }, units: { type: 'string' } },
		required: ['city']
	},
	http: {
		url: 'https://api.example.com/v1/weather/{city}',
		method: 'get',
		query: ['units'],
		headers: { Authorization: 'Bearer ${WEATHER_KEY}' },
		timeout_ms: 5000
	}
};

function error(run: () => unknown): string {
	try {
		run();
	} catch (caught) {
		return (caught as Error).message;
	}
	throw new Error('expected an error');
}

describe('HTTP tool descriptors', () => {
	it('parses the seed fields and finds the secrets the headers use', () => {
		const tool = parseToolDescriptor(weather);
		expect(tool).toMatchObject({
			name: 'get_weather',
			mode: 'live',
			read_only: true,
			http: { method: 'GET', query: { units: 'units' }, headers_from_secrets: ['WEATHER_KEY'], timeout_ms: 5000 }
		});
		const set = parseToolSet({ name: 'Weather', tools: [weather] });
		expect(set.secrets).toEqual([{ name: 'WEATHER_KEY' }]);
	});

	it('accepts the seed manifest, a list and mock tools', () => {
		expect(parseToolDescriptor({ kind: 'Tool', spec: weather }).name).toBe('get_weather');
		expect(parseToolSet([weather, { ...weather, name: 'other' }]).tools).toHaveLength(2);
		expect(parseToolDescriptor({ name: 'm', mock_result: { ok: true } })).toMatchObject({
			mode: 'mock',
			mock_result: { ok: true }
		});
	});

	it('names the field of each mistake', () => {
		expect(error(() => parseToolSet({ tools: [weather, { ...weather, name: 'bad name!' }] }))).toMatch(
			/^tools\[1\]\.name: /
		);
		expect(error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, url: '' } }))).toMatch(
			/^tool\.http\.url: is required/
		);
		expect(error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, method: 'FETCH' } }))).toMatch(
			/^tool\.http\.method: must be one of GET/
		);
		expect(
			error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, url: 'https://{city}.example.com/' } }))
		).toMatch(/^tool\.http\.url: placeholders may only be in the path/);
		expect(
			error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, url: 'https://x.example/{town}' } }))
		).toMatch(/^tool\.http\.url: names the argument "town"/);
		expect(error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, query: ['unit'] } }))).toMatch(
			/^tool\.http\.query\.unit: names the argument "unit"/
		);
		expect(error(() => parseToolDescriptor({ ...weather, mode: 'sometimes' }))).toMatch(
			/^tool\.mode: must be "live" or "mock"/
		);
		expect(error(() => parseToolDescriptor({ ...weather, input_schema: { type: 'array' } }))).toMatch(
			/^tool\.input_schema\.type: must be "object"/
		);
		expect(error(() => parseToolDescriptor({ name: 'x', mode: 'mock' }))).toMatch(
			/^tool\.mock_result: a mock tool needs/
		);
		expect(error(() => parseToolDescriptor({ name: 'x' }))).toMatch(/^tool\.http: is required for a live tool/);
		expect(error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, timeout_ms: -1 } }))).toMatch(
			/^tool\.http\.timeout_ms: /
		);
		expect(
			error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, headers: { 'Bad Header': 'x' } } }))
		).toMatch(/^tool\.http\.headers: "Bad Header" is not a valid header name/);
		expect(
			error(() => parseToolDescriptor({ ...weather, http: { ...weather.http, url: 'ftp://x.example/' } }))
		).toMatch(/^tool\.http\.url: must be http\(s\)/);
		expect(error(() => parseToolSet({ tools: [weather, weather] }))).toMatch(
			/^tools\[1\]\.name: "get_weather" is used by two tools/
		);
		expect(error(() => parseToolSet({ tools: [{ ...weather, http: { url: '/weather/{city}' } }] }))).toMatch(
			/^tools\[0\]\.http\.url: "\/weather\/\{city\}" is relative/
		);
		expect(error(() => parseToolSet({ base_url: 'not a url', tools: [weather] }))).toMatch(/^base_url: /);
		expect(error(() => parseToolSet({ tools: [] }))).toMatch(/^tools: the document lists no tool/);
	});
});
