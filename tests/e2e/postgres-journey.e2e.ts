/**
 * A real database through its own MCP server: Debian's PostgreSQL (a throwaway cluster on
 * loopback) loaded with the airports data set, the official `@modelcontextprotocol/server-postgres`
 * (stdio) reached through the app's relay and through `supergateway` (Streamable HTTP). The
 * fake model answers with live widgets whose `source` is the server's `query` tool; its result
 * (rows as JSON text, no structuredContent) binds with {"$ref": "source"}. The numbers shown are
 * checked against the database, Refresh re-runs the query without the model after the data
 * changed (the user allows it: the server does not mark `query` read-only), and the workbench
 * offers a table and a chart for the same result.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppServer, type AppServer } from '../fixtures/app-server';
import { startFakeLlm, type FakeLlm, type FakeScenario, type WireFormat } from '../fixtures/fake-llm';
import { waitForPort } from '../fixtures/mcp/launchers';
import { freePort } from '../fixtures/net';
import { startPostgres, type Postgres } from '../fixtures/deploy/postgres';
import { postgresBinDir, requireProgram } from '../fixtures/deploy/system';
import { collectErrors } from './helpers';
import { addServer } from './support/mcp-apps';
import { savedParams } from './support/app';
import { acceptAgentLink } from '../fixtures/agent-link';

const serverEntry = join(process.cwd(), 'node_modules', '@modelcontextprotocol', 'server-postgres', 'dist', 'index.js');
const airportsCsv = join(process.cwd(), 'node_modules', 'vega-datasets', 'data', 'airports.csv');

const figuresSql =
	"SELECT count(*) AS airports, count(DISTINCT city) AS cities, round(avg(latitude)::numeric, 2) AS avg_latitude FROM airports WHERE state = 'CA'";
const statesSql =
	'SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY airports DESC, state LIMIT 8';
const northSql = "SELECT iata, name, city FROM airports WHERE state = 'CA' ORDER BY latitude DESC LIMIT 5";

let dir: string;
let postgres: Postgres;
let app: AppServer;
let gateway: ChildProcess | undefined;
let gatewayUrl: string;
let llm: FakeLlm;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1600, height: 1000 } });

test.beforeAll(async () => {
	test.setTimeout(60_000);
	const binDir = requireProgram(postgresBinDir(), "PostgreSQL's server programs", 'postgresql');
	dir = mkdtempSync(join(tmpdir(), 'autoui-postgres-journey-'));
	[postgres, llm] = await Promise.all([startPostgres(binDir), startFakeLlm()]);
	postgres.run(
		'CREATE TABLE airports (iata text PRIMARY KEY, name text, city text, state text, country text, latitude double precision, longitude double precision);\n' +
			`\\copy airports FROM '${airportsCsv}' CSV HEADER\n`
	);
	// The relay config README shows, with the server's package run by node from node_modules.
	const relayConfig = join(dir, 'relay.json');
	writeFileSync(
		relayConfig,
		JSON.stringify({ servers: { postgres: { command: process.execPath, args: [serverEntry, postgres.url] } } })
	);
	const gatewayPort = await freePort();
	gatewayUrl = `http://127.0.0.1:${gatewayPort}/mcp`;
	gateway = spawn(
		process.execPath,
		[
			join(process.cwd(), 'node_modules', 'supergateway', 'dist', 'index.js'),
			'--stdio',
			`${process.execPath} ${serverEntry} ${postgres.url}`,
			'--outputTransport',
			'streamableHttp',
			'--stateful',
			'--port',
			String(gatewayPort),
			'--cors',
			'--logLevel',
			'none'
		],
		{ stdio: 'ignore' }
	);
	[app] = await Promise.all([
		startAppServer({ env: { AUTOUI_RELAY_CONFIG: relayConfig } }),
		waitForPort(gatewayPort, 20_000, gateway)
	]);
});

test.afterAll(async () => {
	app?.stop();
	gateway?.kill('SIGTERM');
	await llm?.close();
	postgres?.stop();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

const source = (sql: string) => ({ tool: 'postgres_mcp_query', args: { sql } });

/** The fake model: three widgets from the database in one request, then the answer. */
function postgresScenario(): FakeScenario {
	return {
		steps: [
			() => ({
				text: 'Querying the airports table.',
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'kpi-grid',
							params: {
								title: 'California airports',
								data: { $ref: 'source' },
								fields: [
									{ field: 'airports', label: 'Airports' },
									{ field: 'cities', label: 'Cities served' },
									{ field: 'avg_latitude', label: 'Average latitude' }
								]
							},
							source: source(figuresSql)
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'bar',
							params: { title: 'Airports by state', data: { $ref: 'source' }, x: 'state', y: 'airports' },
							source: source(statesSql)
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'data-table',
							params: { title: 'Northernmost in California', rows: { $ref: 'source' } },
							source: source(northSql)
						}
					}
				]
			}),
			(request) => {
				for (const result of request.toolResults) if (result.isError) throw new Error(result.content);
				return { text: 'California has the airports shown, with the states that have most.' };
			}
		]
	};
}

/** A number as the widgets write it ("1,234.5"), read back. */
const readNumber = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function journey(page: Page, format: WireFormat, serverUrl: string) {
	const errors = collectErrors(page);
	const baseUrl = format === 'anthropic' ? llm.url : `${llm.url}/v1`;
	await page.goto(`${app.url}/?provider=${format}&baseUrl=${encodeURIComponent(baseUrl)}&model=fake-model`);
	await acceptAgentLink(page);
	await addServer(page, 'postgres', serverUrl);
	await page.keyboard.press('Escape');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });

	llm.setScenario(postgresScenario());
	const from = llm.chatRequests().length;
	await page
		.getByTestId('chat-input')
		.fill('How many airports does California have, which states have most, and which are the northernmost?');
	await page.getByTestId('send').click();
	await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });
	await expect(page.locator('[data-testid=console-entry][data-kind=tool-error]')).toHaveCount(0);
	expect(
		llm
			.chatRequests()
			.slice(from)
			.map((request) => request.status)
	).toEqual([200, 200]);

	// The figures are the database's.
	const [[airports, cities, latitude]] = postgres.query(figuresSql);
	const stats = page.locator('[data-widget-type=kpi-grid] .stat');
	await expect(stats).toHaveCount(3);
	expect((await stats.locator('.number').allInnerTexts()).map(readNumber)).toEqual([
		Number(airports),
		Number(cities),
		Number(latitude)
	]);
	const north = postgres.query(northSql);
	const cells = page.locator('[data-widget-type=data-table] [role=rowgroup] [role=row]');
	await expect(cells).toHaveCount(5);
	for (const [index, [iata, name]] of north.entries()) {
		await expect(cells.nth(index)).toContainText(iata);
		await expect(cells.nth(index)).toContainText(name);
	}
	// The chart is drawn from the bound rows, which are the database's (as the canvas saved them).
	await expect(page.locator('[data-widget-type=bar] figure[data-chart-ready=true]')).toHaveCount(1, {
		timeout: 20_000
	});
	const states = postgres.query(statesSql).map(([state, count]) => ({ state, airports: count }));
	await expect.poll(() => savedParams(page, 'bar').then((params) => params?.data), { timeout: 10_000 }).toEqual(states);

	// Refresh re-runs the query without the model and shows the database's new count.
	postgres.run("INSERT INTO airports VALUES ('ZZ9', 'Test Field', 'Nowhere', 'CA', 'USA', 41.5, -120.5);");
	const grid = page.locator('[data-widget-type=kpi-grid]');
	const requests = llm.chatRequests().length;
	await grid.getByTestId('widget-refresh').click();
	// server-postgres does not mark `query` read-only, so a call the model did not make asks first.
	await page.getByTestId('approve-once').click();
	await expect(grid.getByTestId('widget-refresh')).toHaveAttribute('data-refreshing', 'false');
	await expect(grid.getByTestId('widget-source-error')).toHaveCount(0);
	await expect(stats.first().locator('.number')).toHaveText(String(Number(airports) + 1));
	expect(llm.chatRequests().length).toBe(requests);
	postgres.run("DELETE FROM airports WHERE iata = 'ZZ9';");

	// The workbench offers a table first and a bar chart for the same rows.
	await page.getByTestId('mcp-status').click();
	await page.locator('[data-testid=open-workbench][data-server="postgres"]').click();
	const workbench = page.locator('[data-testid=workbench][data-server="postgres"]');
	await workbench.locator('[data-testid=workbench-tool][data-tool="query"]').click();
	const form = workbench.locator('[data-testid=tool-form][data-tool="query"]');
	await form.getByLabel('sql', { exact: true }).fill(statesSql);
	await form.getByTestId('tool-run').click();
	await expect(workbench.getByTestId('show-on-canvas').first()).toHaveText(/Show on canvas \(Table\)/, {
		timeout: 20_000
	});
	await expect(workbench.locator('[data-testid=show-on-canvas][data-widget=bar]')).toBeVisible();
	expect(errors).toEqual([]);
}

test("PostgreSQL through the relay (stdio server-postgres): live widgets with the database's numbers, refreshed without the model", async ({
	page
}) => {
	test.setTimeout(90_000);
	await journey(page, 'anthropic', `${app.url}/api/relay/postgres`);
});

test('PostgreSQL through supergateway (Streamable HTTP): the same answer over the OpenAI wire format', async ({
	page
}) => {
	test.setTimeout(90_000);
	await journey(page, 'openai', gatewayUrl);
});
