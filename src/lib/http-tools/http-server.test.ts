/**
 * The HTTP executor against real mock servers: Prism serving the Petstore document, and
 * json-server answering slower than the tool's timeout.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsonServer, startPrism, type RunningApi } from '../../../tests/fixtures/openapi/launchers';
import { parseToolSet } from './descriptor';
import { HttpToolServer } from './http-server';
import { loadToolDocument } from './load-document';

let prism: RunningApi;
let slow: RunningApi;
let dir: string;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'autoui-http-'));
	const document = join(dir, 'petstore.yaml');
	writeFileSync(
		document,
		readFileSync(join(process.cwd(), 'tests/fixtures/openapi/petstore.yaml'), 'utf8').replace(
			'{{MOCK_URL}}',
			'http://127.0.0.1'
		)
	);
	writeFileSync(join(dir, 'db.json'), JSON.stringify({ owners: [{ id: 1, name: 'Ada' }] }));
	[prism, slow] = await Promise.all([startPrism(document), startJsonServer(join(dir, 'db.json'), { delayMs: 2_000 })]);
}, 60_000);

afterAll(async () => {
	await Promise.all([prism?.stop(), slow?.stop()]);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

async function petstore(secrets: Record<string, string> = {}): Promise<HttpToolServer> {
	const set = await loadToolDocument(
		readFileSync(join(process.cwd(), 'tests/fixtures/openapi/petstore.yaml'), 'utf8').replace('{{MOCK_URL}}', prism.url)
	);
	return new HttpToolServer({ name: 'petstore', set, baseUrl: prism.url, secrets: () => secrets });
}

describe('the HTTP executor', () => {
	it('returns JSON as structured content', async () => {
		const server = await petstore();
		const result = await server.callTool('listPets', { limit: 4 });
		expect(result.isError).toBeFalsy();
		expect(result.structuredContent).toEqual(
			expect.arrayContaining([expect.objectContaining({ name: 'Rex', age: 7 })])
		);
		const one = await server.callTool('showPetById', { petId: 1 });
		expect(one.structuredContent).toMatchObject({ id: 1, name: 'Rex' });
	});

	it('turns 404, 422 and 500 into error results quoting the API', async () => {
		const server = await petstore({ API_KEY: 'k-1' });
		const missing = await server.callTool('showPetById', { petId: 999, Prefer: 'code=404' });
		expect(missing.isError).toBe(true);
		expect(missing.content[0]).toMatchObject({
			text: expect.stringMatching(/^The API answered 404 .* to GET \/pets\/999: No pet has this id/)
		});
		const invalid = await server.callTool('createPet', { name: 'Bo', species: 'dragon', Prefer: 'code=422' });
		expect(invalid.content[0]).toMatchObject({ text: expect.stringContaining('422') });
		expect(invalid.content[0]).toMatchObject({
			text: expect.stringContaining('species must be one of dog, cat, fish, parrot.')
		});
		const failing = await server.callTool('listPets', { Prefer: 'code=500' });
		expect(failing.content[0]).toMatchObject({ text: expect.stringContaining('The pet database is unavailable') });
	});

	it('sends the secret the security scheme names, and refuses to send without it', async () => {
		const without = await (await petstore()).callTool('createPet', { name: 'Bo' });
		expect(without.isError).toBe(true);
		expect(without.content[0]).toMatchObject({ text: expect.stringMatching(/The secret API_KEY .* is not set/) });
		const created = await (await petstore({ API_KEY: 'k-1' })).callTool('createPet', { name: 'Bella' });
		expect(created.isError).toBeFalsy();
		expect(created.structuredContent).toMatchObject({ name: 'Bella' });
	});

	it('answers a timeout as a readable error result', async () => {
		const set = parseToolSet({
			name: 'owners',
			base_url: slow.url,
			tools: [{ name: 'list_owners', http: { url: '/owners', timeout_ms: 300 } }]
		});
		const server = new HttpToolServer({ name: 'owners', set });
		const started = Date.now();
		const result = await server.callTool('list_owners', {});
		expect(Date.now() - started).toBeLessThan(1_500);
		expect(result.isError).toBe(true);
		expect(result.content[0]).toMatchObject({
			text: "GET /owners did not answer within 300 ms (the tool's timeout). The API may be slow or down; try again later, with narrower arguments, or tell the user."
		});
	});

	it('explains an API that cannot be reached', async () => {
		const set = parseToolSet({
			name: 'gone',
			tools: [{ name: 'ping', http: { url: `http://127.0.0.1:${slow.port + 1}/ping` } }]
		});
		const result = await new HttpToolServer({ name: 'gone', set }).callTool('ping', {});
		expect(result.isError).toBe(true);
		expect(result.content[0]).toMatchObject({ text: expect.stringContaining('cannot be reached') });
	});

	it('answers mock tools from their template without calling anything', async () => {
		const set = parseToolSet({
			name: 'm',
			tools: [
				{
					name: 'weather',
					mode: 'mock',
					mock_template: '{"city": "{{city}}", "temperature": 21, "note": "Weather for {{city}}"}'
				}
			]
		});
		const result = await new HttpToolServer({ name: 'm', set }).callTool('weather', { city: 'Oslo' });
		expect(result.structuredContent).toEqual({ city: 'Oslo', temperature: 21, note: 'Weather for Oslo' });
	});
});
