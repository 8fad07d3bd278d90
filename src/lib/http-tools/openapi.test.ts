import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadToolDocument } from './load-document';

const petstore = readFileSync(join(process.cwd(), 'tests/fixtures/openapi/petstore.yaml'), 'utf8').replace(
	'{{MOCK_URL}}',
	'http://127.0.0.1:4010'
);

describe('OpenAPI import', () => {
	it('makes one tool per operation with parameters and the JSON body merged into one schema', async () => {
		const set = await loadToolDocument(petstore, 'https://example.com/specs/petstore.yaml');
		expect(set.kind).toBe('openapi');
		expect(set.name).toBe('Petstore');
		expect(set.servers).toEqual(['https://petstore.invalid/v1', 'http://127.0.0.1:4010']);
		expect(set.tools.map((tool) => tool.name)).toEqual(['listPets', 'createPet', 'showPetById']);
		const show = set.tools[2];
		expect(show.input_schema).toMatchObject({
			properties: { petId: { type: 'integer', description: "The pet's id" }, Prefer: { type: 'string' } },
			required: ['petId']
		});
		expect(show.http).toMatchObject({ url: '/pets/{petId}', method: 'GET', header_args: { Prefer: 'Prefer' } });
		expect(show.output_schema).toMatchObject({ type: 'object', properties: { name: { type: 'string' } } });
		const create = set.tools[1];
		expect(create.input_schema).toMatchObject({
			properties: { name: { type: 'string', minLength: 1 }, species: {}, age: {} },
			required: ['name']
		});
		expect(create.http).toMatchObject({
			method: 'POST',
			body: ['name', 'species', 'age'],
			headers: { 'X-Api-Key': '${API_KEY}' }
		});
		expect(set.secrets).toEqual([{ name: 'API_KEY', description: expect.stringContaining('X-Api-Key') }]);
		// $refs are resolved: nothing of the document's components is left to look up.
		expect(JSON.stringify(set.tools)).not.toContain('$ref');
		expect(set.tools[0].read_only).toBe(true);
	});

	it('imports Swagger 2.0, with a body parameter and an API key in the query', async () => {
		const swagger = {
			swagger: '2.0',
			info: { title: 'Old API', version: '1' },
			host: 'old.example.com',
			basePath: '/api',
			schemes: ['https'],
			securityDefinitions: { key: { type: 'apiKey', in: 'query', name: 'apikey' } },
			security: [{ key: [] }],
			definitions: { Item: { type: 'object', properties: { label: { type: 'string' } } } },
			paths: {
				'/items/{id}': {
					parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
					put: {
						parameters: [{ name: 'item', in: 'body', required: true, schema: { $ref: '#/definitions/Item' } }],
						responses: { 200: { description: 'ok' } }
					},
					get: {
						parameters: [{ name: 'fields', in: 'query', type: 'array', items: { type: 'string' } }],
						responses: { 200: { description: 'ok' } }
					}
				}
			}
		};
		const set = await loadToolDocument(JSON.stringify(swagger));
		expect(set.servers).toEqual(['https://old.example.com/api']);
		expect(set.tools.map((tool) => tool.name)).toEqual(['get_items_id', 'put_items_id']);
		expect(set.tools[1].input_schema).toMatchObject({
			properties: { id: { type: 'string' }, label: { type: 'string' } },
			required: ['id']
		});
		expect(set.tools[0].input_schema).toMatchObject({
			properties: { fields: { type: 'array', items: { type: 'string' } } }
		});
		expect(set.tools[0].http?.query_secrets).toEqual({ apikey: '${KEY}' });
	});

	it('says what is wrong with documents it cannot import', async () => {
		await expect(loadToolDocument('openapi: 3.0.0\ninfo: {title: x}\npaths: {}')).rejects.toThrow(
			/paths: the document has no operation/
		);
		await expect(
			loadToolDocument(
				'{"openapi": "3.0.0", "paths": {"/a": {"get": {"parameters": [{"$ref": "#/components/parameters/Missing"}], "responses": {}}}}}'
			)
		).rejects.toThrow(/\$ref could not be resolved/);
		await expect(loadToolDocument('{"openapi": "2.5", "paths": {}}')).rejects.toThrow(/version 2.5 is not supported/);
		await expect(loadToolDocument('key: [unclosed')).rejects.toThrow(/neither JSON nor valid YAML/);
	});
});

describe('OpenAPI import where there is no Buffer (browsers)', () => {
	it('resolves $refs and leaves no Buffer behind', async () => {
		const saved = globalThis.Buffer;
		// @ts-expect-error -- removed to run as a browser would
		delete globalThis.Buffer;
		try {
			const set = await loadToolDocument(petstore);
			expect(set.tools[2].input_schema).toMatchObject({ properties: { Prefer: { type: 'string' } } });
			expect('Buffer' in globalThis).toBe(false);
		} finally {
			globalThis.Buffer = saved;
		}
	});
});
