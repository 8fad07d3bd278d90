import { describe, expect, it } from 'vitest';
import { parseToolDescriptor } from './descriptor';
import { buildRequest } from './request';

const schema = {
	type: 'object',
	properties: {
		id: { type: 'string' },
		limit: { type: 'integer' },
		name: { type: 'string' },
		trace: { type: 'string' }
	}
};

describe('HTTP requests from tool calls', () => {
	it('sends path, query, header and body arguments where the descriptor says', () => {
		const tool = parseToolDescriptor({
			name: 'update',
			input_schema: schema,
			http: {
				url: '/pets/{id}',
				method: 'PUT',
				query: { max: 'limit' },
				header_args: { 'X-Trace': 'trace' },
				headers: { 'X-Api-Key': '${KEY}' }
			}
		});
		const request = buildRequest(
			tool,
			{ id: '7', limit: 5, name: 'Rex', trace: 't1' },
			{ baseUrl: 'http://127.0.0.1:4010/v1', secrets: { KEY: 's3cret' } }
		);
		expect(request).toMatchObject({
			url: 'http://127.0.0.1:4010/v1/pets/7?max=5',
			method: 'PUT',
			body: '{"name":"Rex"}'
		});
		expect(request.headers).toMatchObject({
			'x-trace': 't1',
			'x-api-key': 's3cret',
			'content-type': 'application/json'
		});
	});

	it("sends a GET's other arguments as the query, and a missing secret is an error without values", () => {
		const tool = parseToolDescriptor({
			name: 'find',
			input_schema: schema,
			http: { url: 'https://api.example.com/pets', headers: { Authorization: 'Bearer ${TOKEN}' } }
		});
		expect(() => buildRequest(tool, { name: 'Rex' }, { secrets: {} })).toThrow(/The secret TOKEN .* is not set/);
		const request = buildRequest(tool, { name: 'Rex', limit: 2 }, { secrets: { TOKEN: 'abc' } });
		expect(request.url).toBe('https://api.example.com/pets?name=Rex&limit=2');
		expect(request.body).toBeUndefined();
	});

	it('refuses a header argument that would add a header line', () => {
		const tool = parseToolDescriptor({
			name: 'h',
			input_schema: schema,
			http: { url: 'https://api.example.com/x', header_args: { 'X-Trace': 'trace' } }
		});
		expect(() => buildRequest(tool, { trace: 'a\r\nX-Evil: 1' }, { secrets: {} })).toThrow(/one line/);
	});
});
