/**
 * REST APIs as tools, end to end, against real mock servers nobody here wrote: Stoplight
 * Prism serves the Petstore OpenAPI document's operations, json-server serves that document
 * as a file and a slow owners API. A `?tools=` link names the document (the user agrees
 * first), the user picks Prism among the document's servers and fills the API key; a pasted
 * descriptor adds the owners API. The fake model lists and calls the operations; the API's
 * 404, 422 and 500 and the owners' timeout reach it as readable results; the pets are shown
 * as a table and a chart; the key never reaches the model.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm, type FakeToolResult, type WireFormat } from '../fixtures/fake-llm';
import { startJsonServer, startPrism, type RunningApi } from '../fixtures/openapi/launchers';
import { collectErrors, saveScreenshot } from './helpers';
import { appUrl, attachRequestsOnFailure, waitReady } from './support/app';
import { acceptAgentLink } from '../fixtures/agent-link';

const fixtures = join(process.cwd(), 'tests', 'fixtures', 'openapi');
const apiKey = 'pk-live-7f3a9c1e';

let llm: FakeLlm;
let prism: RunningApi;
let files: RunningApi;
let dir: string;

test.describe.configure({ mode: 'serial' });
attachRequestsOnFailure(() => llm);

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'autoui-openapi-'));
	const template = readFileSync(join(fixtures, 'petstore.yaml'), 'utf8');
	writeFileSync(join(dir, 'prism.yaml'), template.replace('{{MOCK_URL}}', 'http://127.0.0.1'));
	prism = await startPrism(join(dir, 'prism.yaml'));
	writeFileSync(join(dir, 'petstore.yaml'), template.replace('{{MOCK_URL}}', prism.url));
	writeFileSync(join(dir, 'db.json'), JSON.stringify({ owners: [{ id: 1, name: 'Ada', pets: [1] }] }));
	// Every answer comes after 2.5 s: longer than list_owners' 1.5 s timeout.
	files = await startJsonServer(join(dir, 'db.json'), { staticDir: dir, delayMs: 2_500 });
	llm = await startFakeLlm();
});

test.afterAll(async () => {
	await Promise.all([prism?.stop(), files?.stop(), llm?.close()]);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

test.use({ viewport: { width: 1600, height: 1000 } });

/** Result id from the reference note of a data result. */
function resultId(result: FakeToolResult | undefined): string {
	return /\[Result id: ([^.\]]+)/.exec(result?.referenceNote ?? '')?.[1] ?? 'missing';
}

async function addDocuments(page: Page): Promise<void> {
	// The link's document waits for consent.
	const prompt = page.getByTestId('link-tools');
	await expect(prompt).toBeVisible();
	await expect(prompt.getByTestId('link-tools-url')).toHaveText(`${files.url}/petstore.yaml`);
	await prompt.getByTestId('link-tools-add').click();
	await expect(prompt).toHaveCount(0, { timeout: 15_000 });

	await page.getByTestId('mcp-status').click();
	const petstore = page.locator('[data-testid=http-set][data-set=petstore]');
	await expect(petstore.getByTestId('http-set-count')).toHaveText('3 tools');
	// The document offers two servers; the user picks the mock one and fills the API key once.
	await petstore.getByTestId('http-set-server').selectOption(prism.url);
	await petstore.locator('[data-testid=http-secret][data-secret=API_KEY]').fill(apiKey);
	await petstore.getByTestId('http-secret-save').click();
	await expect(petstore).toContainText(
		'API_KEY — API key "api_key", sent as the header X-Api-Key — The store\'s API key · set'
	);

	// A descriptor for the owners API, pasted.
	const panel = page.getByTestId('http-panel');
	await panel.locator('summary', { hasText: 'Paste a document' }).click();
	await panel
		.getByTestId('http-add-text')
		.fill(readFileSync(join(fixtures, 'owners.tools.yaml'), 'utf8').replace('{{OWNERS_URL}}', files.url));
	await panel.getByTestId('http-add-submit').click();
	await expect(page.locator('[data-testid=http-set][data-set=owners]').getByTestId('http-set-count')).toHaveText(
		'1 tools'
	);
	// A broken descriptor is refused with the field to fix.
	await panel
		.getByTestId('http-add-text')
		.fill('tools:\n  - name: bad\n    http: { url: "https://api.example.com/x", method: FETCH }');
	await panel.getByTestId('http-add-submit').click();
	await expect(panel.getByTestId('http-add-error')).toContainText('tools[0].http.method: must be one of GET');
	await saveScreenshot(page, 'http-tools-panel');
	await page.keyboard.press('Escape');
}

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`an OpenAPI document served by Prism over the ${format} wire format: listed, called, errors read, pets shown as widgets`, async ({
		page
	}) => {
		test.setTimeout(90_000);
		const errors = collectErrors(page);
		const results: FakeToolResult[] = [];
		let listed = '';
		llm.setScenario({
			steps: [
				() => ({
					toolCalls: [
						{ name: 'petstore_http_list_tools', input: {} },
						{ name: 'owners_http_list_tools', input: {} }
					]
				}),
				(request) => {
					listed = request.toolResults.map((result) => result.content).join('\n');
					return {
						toolCalls: [
							{ name: 'petstore_http_listPets', input: { limit: 4 } },
							{ name: 'petstore_http_showPetById', input: { petId: 999, Prefer: 'code=404' } },
							{ name: 'petstore_http_createPet', input: { name: 'Bo', species: 'dragon', Prefer: 'code=422' } },
							{ name: 'petstore_http_listPets', input: { Prefer: 'code=500' } },
							{ name: 'owners_http_list_owners', input: {} }
						]
					};
				},
				(request) => {
					results.push(...request.toolResults);
					const id = resultId(request.toolResults[0]);
					return {
						toolCalls: [
							{
								name: 'autoui_webmcp_widget_display',
								input: { name: 'data-table', params: { title: 'Pets', rows: { $ref: id } } }
							},
							{
								name: 'autoui_webmcp_widget_display',
								input: { name: 'bar', params: { title: 'Age by pet', data: { $ref: id }, x: 'name', y: 'age' } }
							}
						]
					};
				},
				{
					text: 'The store has four pets; Polly the parrot is the oldest. Pet 999 does not exist, and the owners API timed out.'
				}
			]
		});
		const url = `${appUrl(llm, format, { model: 'openapi-model' })}&tools=${encodeURIComponent(`${files.url}/petstore.yaml`)}`;
		await page.goto(url);
		await acceptAgentLink(page);
		await waitReady(page);
		await addDocuments(page);

		const from = llm.chatRequests().length;
		await page.getByTestId('chat-input').fill('Which pets does the store have, and how old are they?');
		await page.getByTestId('send').click();
		await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });

		// The model saw the operations, with their merged input schemas.
		expect(listed).toContain('petstore_http_listPets');
		expect(listed).toContain('petstore_http_showPetById');
		expect(listed).toContain('owners_http_list_owners');
		// Each failure reached the model as a readable result quoting the API.
		const [pets, missing, invalid, failing, slow] = results;
		expect(pets.isError).toBe(false);
		expect(JSON.parse(pets.content)).toHaveLength(4);
		expect(missing).toMatchObject({
			isError: true,
			content: expect.stringContaining('The API answered 404 Not Found to GET /pets/999: No pet has this id')
		});
		expect(invalid).toMatchObject({ isError: true, content: expect.stringContaining('422') });
		expect(invalid.content).toContain('species must be one of dog, cat, fish, parrot.');
		expect(failing).toMatchObject({
			isError: true,
			content: expect.stringContaining('The pet database is unavailable; try again in a minute.')
		});
		expect(slow).toMatchObject({
			isError: true,
			content: expect.stringContaining('GET /owners did not answer within 1500 ms')
		});

		// The answer is on the canvas: the four pets in a table and a chart.
		const table = page.locator('[data-widget-type=data-table]');
		await expect(table.getByRole('row')).toHaveCount(5);
		await expect(table).toContainText('Polly');
		await expect(page.locator('[data-widget-type=bar]')).toHaveCount(1);
		await expect(page.getByTestId('pane-chat')).toContainText('Polly the parrot is the oldest');
		const kinds = await page
			.locator('[data-testid=console-entry]')
			.evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-kind')));
		expect(kinds.filter((kind) => kind === 'tool-error')).toHaveLength(4);

		// The API key went to the API only: never to the model.
		const chats = llm.chatRequests().slice(from);
		expect(chats.map((request) => request.status)).toEqual([200, 200, 200, 200]);
		expect(JSON.stringify(chats.map((request) => request.body))).not.toContain(apiKey);
		await page.getByTestId('canvas-fit').click();
		await saveScreenshot(page, `http-tools-${format}`);

		// The workbench calls an operation by hand, through the same path (a console entry).
		await page.getByTestId('mcp-status').click();
		await page.locator('[data-testid=http-set][data-set=petstore]').getByTestId('open-workbench').click();
		const workbench = page.locator('[data-testid=workbench][data-server=petstore]');
		await workbench.locator('[data-testid=workbench-tool][data-tool=showPetById]').click();
		await workbench.getByTestId('tool-raw-json').click();
		await workbench.getByTestId('tool-args-json').fill('{"petId": 1}');
		await workbench.getByTestId('tool-run').click();
		await expect(workbench.getByTestId('structured-content')).toContainText('Rex');
		await page.getByTestId('workbench-close').click();
		// 404/422/500 answers and the refused CORS-less probe are logged by the browser as failed loads.
		expect(errors.filter((error) => !/status of (404|422|500)/.test(error))).toEqual([]);
	});
}

test('mock mode: an MCP tool mocked from its console entry answers from a template, marked mocked in the chat and the console', async ({
	page
}) => {
	const errors = collectErrors(page);
	const received: FakeToolResult[] = [];
	llm.setScenario({
		steps: [
			() => ({ toolCalls: [{ name: 'datasets_mcp_list_datasets', input: {} }] }),
			{ text: 'Listed.' },
			() => ({ toolCalls: [{ name: 'datasets_mcp_list_datasets', input: {} }] }),
			(request) => {
				received.push(...request.toolResults);
				return { text: 'Listed again.' };
			}
		]
	});
	await page.goto(appUrl(llm, 'anthropic', { model: 'mock-model' }));
	await acceptAgentLink(page);
	await waitReady(page);
	await page.getByTestId('chat-input').fill('What data sets are there?');
	await page.getByTestId('send').click();
	await expect(page.getByTestId('pane-chat').getByTestId('turn-done')).toHaveCount(1, { timeout: 30_000 });

	// "Mock this tool" from the call's console entry, with a template over the arguments.
	await page.locator('[data-testid=console-entry][data-kind=tool-result]').first().click();
	await page.getByTestId('console-mock-tool').click();
	const panel = page.getByTestId('mocks-panel');
	await expect(panel.getByTestId('mock-tool')).toHaveValue('mcp|datasets|list_datasets');
	await expect(panel.getByTestId('mock-body')).not.toHaveValue('');
	await panel.getByTestId('mock-kind-template').check();
	await panel.getByTestId('mock-body').fill('{"datasets": [{"name": "{{prefix ?? \\"mocked-cars\\"}}", "rows": 3}]}');
	await panel.getByTestId('mock-save').click();
	await expect(panel.locator('[data-testid=mock-row][data-tool=list_datasets]')).toBeVisible();
	await panel.getByTestId('mock-scenario-name').fill('Tiny catalogue');
	await panel.getByTestId('mock-scenario-save').click();
	await expect(panel.locator('[data-testid=mock-scenario][data-name="Tiny catalogue"]')).toBeVisible();
	await page.keyboard.press('Escape');

	await page.getByTestId('chat-input').fill('And now?');
	await page.getByTestId('send').click();
	await expect(page.getByTestId('pane-chat').getByTestId('turn-done')).toHaveCount(2, { timeout: 30_000 });
	expect(JSON.parse(received[0].content)).toEqual({ datasets: [{ name: 'mocked-cars', rows: 3 }] });
	await expect(page.getByTestId('tool-chip-mocked')).toHaveCount(1);
	// The console list shows the rows in view: search it for the mocked result.
	await page.getByPlaceholder('Search tool, args, results').fill('mocked-cars');
	await expect(page.locator('[data-testid=console-entry][data-kind=tool-result][data-mocked=true]')).toHaveCount(1);
	await expect(page.locator('[data-testid=console-entry][data-mocked=true]').first()).toContainText('mocked ·');
	await saveScreenshot(page, 'mock-mode');

	// The workbench offers the same for the tool it shows.
	await page.getByTestId('mcp-status').click();
	await page.locator('[data-testid=open-workbench][data-server=datasets]').click();
	await page.locator('[data-testid=workbench-tool][data-tool=describe_dataset]').click();
	await page.getByTestId('workbench-mock-tool').click();
	await expect(page.getByTestId('mocks-panel').getByTestId('mock-tool')).toHaveValue('mcp|datasets|describe_dataset');
	expect(errors).toEqual([]);
});
