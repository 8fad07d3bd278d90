/**
 * The whole product, end to end, in each wire format: the fake model plays a realistic
 * session against the embedded datasets MCP server; the widgets show the real numbers,
 * which this test computes independently with DuckDB from the same data files.
 */
import { expect, test } from '@playwright/test';
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm, type WireFormat } from '../fixtures/fake-llm';
import { collectErrors, saveScreenshot } from './helpers';
import { savedCanvas } from './support/app';
import { chartPosition, journeyQuestion, journeyScenario } from './support/journey-scenario';
import { acceptAgentLink } from '../fixtures/agent-link';

const dataDir = join(process.cwd(), 'node_modules', 'vega-datasets', 'data');

async function expectedAverages(): Promise<Array<{ origin: string; avg_horsepower: number }>> {
	const instance = await DuckDBInstance.create(':memory:');
	const connection = await instance.connect();
	const reader = await connection.runAndReadAll(
		`SELECT Origin AS origin, round(avg(Horsepower), 1) AS avg_horsepower FROM read_json_auto('${join(dataDir, 'cars.json')}') GROUP BY Origin ORDER BY avg_horsepower DESC`
	);
	const rows = reader.getRowObjectsJson() as Array<{ origin: string; avg_horsepower: number }>;
	connection.closeSync();
	return rows.map((row) => ({ origin: row.origin, avg_horsepower: Number(row.avg_horsepower) }));
}

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

test.use({ viewport: { width: 1600, height: 1000 } });

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`journey over the ${format} wire format: recipes, sources, a chart and a table with real data in four model requests`, async ({
		page
	}) => {
		test.setTimeout(90_000);
		const errors = collectErrors(page);
		llm.setScenario(journeyScenario());
		const baseUrl = format === 'anthropic' ? llm.url : `${llm.url}/v1`;
		await page.goto(`/?provider=${format}&baseUrl=${encodeURIComponent(baseUrl)}&model=journey-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });

		const from = llm.chatRequests().length;
		await page.getByTestId('chat-input').fill(journeyQuestion);
		await page.getByTestId('send').click();

		const chart = page.locator('[data-widget-type=bar]');
		const table = page.locator('[data-widget-type=data-table]');
		await expect(chart).toHaveCount(1, { timeout: 30_000 });
		await expect(table).toHaveCount(1);
		await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });

		// The chart shows the real averages.
		const expected = await expectedAverages();
		await chart.getByTestId('widget-inspect').click();
		const inspector = page.getByTestId('inspector');
		await expect(inspector).toBeVisible();
		const params = JSON.parse(await page.getByTestId('inspector-params').inputValue()) as {
			data: Array<{ origin: string; avg_horsepower: number }>;
		};
		expect(params.data.map((row) => ({ origin: row.origin, avg_horsepower: Number(row.avg_horsepower) }))).toEqual(
			expected
		);
		// Moved and restyled by the model.
		await expect(page.getByTestId('inspector-position')).toHaveAttribute('data-x', String(chartPosition.x));
		await expect(page.getByTestId('inspector-position')).toHaveAttribute('data-y', String(chartPosition.y));
		expect(await page.getByTestId('inspector-style').inputValue()).toContain('#fef3c7');
		// Provenance: displayed by one call, with data from its own source call (not the recipe searches).
		await expect(page.getByTestId('provenance-call')).toHaveCount(2);

		// The table has ten movies, best first.
		await expect(table.getByRole('row')).toHaveCount(11);

		// The console shows the calls: two searches, two displays with their two source queries, two canvas changes.
		const kinds = await page
			.locator('[data-testid=console-entry]')
			.evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-kind')));
		expect(kinds.filter((kind) => kind === 'tool-call')).toHaveLength(8);
		expect(kinds.filter((kind) => kind === 'tool-error')).toHaveLength(0);
		expect(kinds.at(-1)).toBe('done');
		await expect(page.getByTestId('pane-chat')).toContainText('American cars have the most horsepower');

		// Four model requests from a cold start, each valid for its wire format; none carried a row.
		const chats = llm.chatRequests().slice(from);
		expect(chats.map((request) => request.status)).toEqual([200, 200, 200, 200]);
		const bestMovie = (await table.getByRole('row').nth(1).innerText()).split(/[\t\n]/)[0].trim();
		expect(bestMovie.length).toBeGreaterThan(3);
		for (const request of chats) expect(JSON.stringify(request.body)).not.toContain(bestMovie);
		await page.keyboard.press('Escape');
		await expect(inspector).toHaveCount(0);
		await page.getByTestId('canvas-fit').click();
		await saveScreenshot(page, `journey-${format}`);
		expect(errors).toEqual([]);
	});
}

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`by reference over the ${format} wire format: the model binds query rows with {"$ref"} and never copies them`, async ({
		page
	}) => {
		const errors = collectErrors(page);
		const sql =
			'SELECT Origin AS origin, round(avg(Horsepower), 1) AS avg_horsepower FROM cars GROUP BY Origin ORDER BY avg_horsepower DESC';
		let note = '';
		llm.setScenario({
			steps: [
				() => ({ toolCalls: [{ name: 'datasets_mcp_query_sql', input: { sql } }] }),
				(request) => {
					const [result] = request.toolResults;
					note = result.referenceNote ?? '';
					const id = /\[Result id: ([^.]+)\./.exec(note)?.[1] ?? 'missing';
					return {
						toolCalls: [
							{
								name: 'autoui_webmcp_widget_display',
								input: {
									name: 'bar',
									params: {
										data: { $ref: `${id}#/rows` },
										x: 'origin',
										y: 'avg_horsepower',
										title: 'Horsepower by origin'
									}
								}
							},
							{
								name: 'autoui_webmcp_widget_display',
								input: { name: 'data-table', params: { rows: { $ref: `${id}#/rows` } } }
							}
						]
					};
				},
				{ text: 'Shown by reference.' }
			]
		});
		const baseUrl = format === 'anthropic' ? llm.url : `${llm.url}/v1`;
		await page.goto(`/?provider=${format}&baseUrl=${encodeURIComponent(baseUrl)}&model=journey-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
		const from = llm.chatRequests().length;
		await page.getByTestId('chat-input').fill('Average horsepower by origin, as a bar chart and a table');
		await page.getByTestId('send').click();
		await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });

		expect(note).toMatch(
			/To display this data without copying it, use \{"\$ref": "[^"]+"\} or \{"\$ref": "[^"]+#\/rows"\} as a widget param\. Shape: 3 rows at \/rows; columns: origin \(VARCHAR\), avg_horsepower \(DOUBLE\)/
		);
		const expected = await expectedAverages();
		const chart = page.locator('[data-widget-type=bar]');
		await chart.getByTestId('widget-inspect').click();
		const params = JSON.parse(await page.getByTestId('inspector-params').inputValue()) as {
			data: Array<{ origin: string; avg_horsepower: number }>;
		};
		expect(params.data.map((row) => ({ origin: row.origin, avg_horsepower: Number(row.avg_horsepower) }))).toEqual(
			expected
		);
		await expect(page.locator('[data-widget-type=data-table]').getByRole('row')).toHaveCount(4);
		// The display request the model sent named the data; it did not carry the rows.
		const display = llm.chatRequests()[from + 2];
		const sent = JSON.stringify(display.body);
		expect(sent).toContain('#/rows');
		expect(sent.match(/Europe/g)?.length ?? 0).toBe(1);
		expect(errors).toEqual([]);
	});
}

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`from a source over the ${format} wire format: a 5,000-row table in one model request that carries no row, live after a reload, export, import and a share link`, async ({
		page
	}) => {
		const errors = collectErrors(page);
		const sql = 'SELECT * FROM flights_200k LIMIT 5000';
		llm.setScenario({
			steps: [
				() => ({
					toolCalls: [
						{
							name: 'autoui_webmcp_widget_display',
							input: {
								name: 'data-table',
								params: { rows: { $ref: 'source#/rows' }, title: 'Flights' },
								source: { tool: 'datasets_mcp_query_sql', args: { sql, limit: 5000 } }
							}
						}
					]
				}),
				{ text: 'The table shows 5,000 flights.' }
			]
		});
		const baseUrl = format === 'anthropic' ? llm.url : `${llm.url}/v1`;
		await page.goto(`/?provider=${format}&baseUrl=${encodeURIComponent(baseUrl)}&model=journey-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
		const from = llm.chatRequests().length;
		await page.getByTestId('chat-input').fill('Show 5,000 flights as a table');
		await page.getByTestId('send').click();
		await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });

		// One request fetched and displayed; the next one is the final answer.
		expect(llm.chatRequests().length - from).toBe(2);
		const table = page.locator('[data-widget-type=data-table]');
		await expect(table).toHaveCount(1);
		await expect(table).toContainText('5,000');
		// No request the model received carried the rows: the display result is a few characters.
		for (const request of llm.chatRequests().slice(from))
			expect(JSON.stringify(request.body).length).toBeLessThan(60_000);
		// The source call is in the console like any call.
		await expect(page.locator('[data-testid=console-entry][data-kind=tool-call]')).toHaveCount(2);

		// The canvas is saved at most 300 ms behind (a 5,000-row table takes a moment to write).
		await expect.poll(() => savedCanvas(page), { timeout: 10_000 }).toEqual([{ type: 'data-table', live: true }]);
		await page.reload();
		const refresh = page.locator('[data-widget-type=data-table]').getByTestId('widget-refresh');
		await expect(refresh).toBeVisible();
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
		await refresh.click();
		await expect(refresh).toHaveAttribute('data-refreshing', 'false');
		await expect(page.locator('[data-widget-type=data-table]').getByTestId('widget-source-error')).toHaveCount(0);

		// Export keeps the source (and no key, header or token); import brings back a live widget.
		const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('canvas-export').click()]);
		const file = await download.path();
		const exported = JSON.parse(readFileSync(file, 'utf8')) as {
			widgets: Array<{ source?: { tool: string; args: { sql: string } } }>;
		};
		expect(exported.widgets[0].source).toMatchObject({ tool: 'datasets_mcp_query_sql', args: { sql, limit: 5000 } });
		expect(JSON.stringify(exported.widgets[0].source)).not.toMatch(/authorization|token|api[-_]?key/i);
		await page.getByTestId('canvas-clear').click();
		await expect(page.locator('[data-widget-type=data-table]')).toHaveCount(0);
		await page.getByTestId('canvas-import-file').setInputFiles(file);
		await expect(page.locator('[data-widget-type=data-table]').getByTestId('widget-refresh')).toBeVisible();
		await expect(page.locator('[data-widget-type=data-table]')).toContainText('5,000');

		// 5,000 rows make a share link over 64 KB: it keeps the source and leaves the rows out;
		// opened elsewhere with the datasets server connected, the widget fetches them again.
		await page.getByTestId('canvas-share').click();
		const link = await page.getByTestId('share-link').inputValue();
		expect(link.length).toBeLessThanOrEqual(64 * 1024);
		const fresh = await page.context().browser()!.newContext();
		try {
			const other = await fresh.newPage();
			await other.goto(link);
			const opened = other.locator('[data-widget-type=data-table]');
			await expect(opened.getByTestId('widget-refresh')).toBeVisible({ timeout: 20_000 });
			await expect(other.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
			await expect(opened).toContainText('5,000', { timeout: 30_000 });
		} finally {
			await fresh.close();
		}
		expect(errors).toEqual([]);
	});
}

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`hostile references over the ${format} wire format: clear tool errors, nothing displayed, nothing crashes`, async ({
		page
	}) => {
		const errors = collectErrors(page);
		let earlierId = '';
		let hostile: Array<{ content: string; isError: boolean }> = [];
		const display = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
			name: 'autoui_webmcp_widget_display',
			input: { name: 'data-table', params, ...extra }
		});
		llm.setScenario({
			steps: [
				() => ({
					toolCalls: [
						{
							name: 'datasets_mcp_query_sql',
							input: { sql: 'SELECT Origin AS origin, count(*) AS cars FROM cars GROUP BY Origin' }
						}
					]
				}),
				(request) => {
					earlierId = /\[Result id: ([^.]+)\./.exec(request.toolResults[0].referenceNote ?? '')?.[1] ?? 'missing';
					return { text: 'Counted.' };
				},
				// A new conversation: the earlier id belongs to another conversation.
				() => ({
					toolCalls: [
						display({ rows: { $ref: `${earlierId}#/rows` } }),
						display({ rows: { $ref: `${earlierId}#${'/rows/0'.repeat(150)}` } }),
						display(
							{ rows: { $ref: 'source#/rows' } },
							{ source: { tool: 'autoui_webmcp_canvas', args: { action: 'clear' } } }
						),
						display({ rows: { $ref: 'source#/rows' } }, { source: { tool: 'nowhere_mcp_query', args: {} } })
					]
				}),
				(request) => {
					hostile = request.toolResults.map((result) => ({ content: result.content, isError: result.isError }));
					return { text: 'Those references did not work.' };
				}
			]
		});
		const baseUrl = format === 'anthropic' ? llm.url : `${llm.url}/v1`;
		await page.goto(`/?provider=${format}&baseUrl=${encodeURIComponent(baseUrl)}&model=journey-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
		await page.getByTestId('chat-input').fill('How many cars per origin?');
		await page.getByTestId('send').click();
		await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });
		expect(earlierId).not.toBe('missing');

		await page.getByTestId('new-conversation').click();
		await page.getByTestId('chat-input').fill('Show those rows again');
		await page.getByTestId('send').click();
		await expect(page.getByTestId('pane-chat')).toContainText('Those references did not work.', { timeout: 30_000 });

		expect(hostile).toHaveLength(4);
		for (const result of hostile) expect(result.isError).toBe(true);
		expect(hostile[0].content).toContain(`no result "${earlierId}" in this conversation`);
		expect(hostile[1].content).toMatch(/at most \d+/);
		expect(hostile[2].content).toMatch(
			/must be a data tool of a server, not autoui_webmcp_canvas \(an autoui tool\)\. Data tools: datasets_mcp_/
		);
		expect(hostile[3].content).toMatch(
			/"nowhere_mcp_query" is not a tool of a connected server\. Data tools: datasets_mcp_/
		);
		await expect(page.locator('[data-widget-type=data-table]')).toHaveCount(0);
		expect(errors).toEqual([]);
	});
}
