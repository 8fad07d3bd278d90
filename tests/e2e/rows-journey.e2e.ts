/**
 * Widgets take rows, end to end in each wire format: the fake model displays a map with
 * markers, a KPI grid and a list from sources on the embedded datasets server, binding the
 * rows with {"$ref": "source#/rows"} and column names. The rendered widgets show the real
 * values, which this test computes independently with DuckDB from the same data file.
 */
import { expect, test } from '@playwright/test';
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm, type WireFormat } from '../fixtures/fake-llm';
import { collectErrors, saveScreenshot } from './helpers';
import { savedCanvas } from './support/app';
import { figuresSql, mapSql, northSql, rowsQuestion, rowsScenario } from './support/rows-scenario';
import { acceptAgentLink } from '../fixtures/agent-link';

const airportsFile = join(process.cwd(), 'node_modules', 'vega-datasets', 'data', 'airports.csv');

/** Runs one of the scenario's queries on the CSV file itself. */
async function duckdb<Row>(sql: string): Promise<Row[]> {
	const instance = await DuckDBInstance.create(':memory:');
	const connection = await instance.connect();
	const reader = await connection.runAndReadAll(sql.replace(/FROM airports/, `FROM read_csv_auto('${airportsFile}')`));
	const rows = reader.getRowObjectsJson() as Row[];
	connection.closeSync();
	return rows;
}

/** A number as the widgets write it ("1,234.5", "−3"), read back. */
function readNumber(text: string): number {
	return Number(text.replace(/−/g, '-').replace(/[^\d.-]/g, ''));
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
	test(`rows bind by column name over the ${format} wire format: a map with markers, a KPI grid and a list show the real values`, async ({
		page
	}) => {
		test.setTimeout(90_000);
		const errors = collectErrors(page);
		llm.setScenario(rowsScenario());
		const baseUrl = format === 'anthropic' ? llm.url : `${llm.url}/v1`;
		await page.goto(`/?provider=${format}&baseUrl=${encodeURIComponent(baseUrl)}&model=journey-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });

		const from = llm.chatRequests().length;
		await page.getByTestId('chat-input').fill(rowsQuestion);
		await page.getByTestId('send').click();
		await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });
		await expect(page.locator('[data-testid=console-entry][data-kind=tool-error]')).toHaveCount(0);

		// The map: one marker per airport, at its coordinates, named after it.
		const places = await duckdb<{ name: string; latitude: number; longitude: number }>(mapSql);
		expect(places.length).toBeGreaterThan(100);
		const map = page.locator('[data-widget-type=map]');
		await expect(map.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 20_000 });
		await map.getByRole('button', { name: 'Data', exact: true }).click();
		const rows = map.locator('tbody tr');
		await expect(rows).toHaveCount(places.length);
		const headers = await map.locator('thead th').allInnerTexts();
		const column = (name: string) => headers.indexOf(name);
		const shown = await rows.evaluateAll((trs) =>
			trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''))
		);
		// Cells round as numbers are written (two decimals, none from 100 up); each airport has
		// its own marker, matched by name and position.
		const near = (text: string, value: number) =>
			Math.abs(readNumber(text) - value) <= (Math.abs(value) >= 100 ? 0.5 : 0.005);
		const unmatched = [...shown];
		for (const place of places) {
			const index = unmatched.findIndex(
				(cells) =>
					cells[column('place')] === place.name &&
					near(cells[column('lat')], place.latitude) &&
					near(cells[column('lon')], place.longitude)
			);
			expect(index, `a marker for ${place.name} at ${place.latitude}, ${place.longitude}`).toBeGreaterThanOrEqual(0);
			unmatched.splice(index, 1);
		}

		await map.getByRole('button', { name: 'Chart', exact: true }).click();
		await expect(map.locator('.plot')).toBeVisible();

		// The KPI grid: one figure per column of the summary row, labelled as the model asked.
		const [figures] = await duckdb<{ airports: string; cities: string; avg_latitude: number }>(figuresSql);
		const stats = page.locator('[data-widget-type=kpi-grid] .stat');
		await expect(stats).toHaveCount(3);
		await expect(stats.locator('.label')).toHaveText(['Airports', 'Cities served', 'Average latitude']);
		const values = (await stats.locator('.number').allInnerTexts()).map(readNumber);
		expect(values).toEqual([Number(figures.airports), Number(figures.cities), Number(figures.avg_latitude)]);
		await expect(stats.nth(2).locator('.unit')).toHaveText('°');

		// The list: the five northernmost airports, name then city, in order.
		const north = await duckdb<{ name: string; city: string }>(northSql);
		const items = page.locator('[data-widget-type=list] li');
		await expect(items).toHaveCount(5);
		for (const [index, airport] of north.entries()) {
			await expect(items.nth(index)).toContainText(airport.name);
			await expect(items.nth(index).locator('.detail')).toHaveText(airport.city);
		}

		// Three model requests from a cold start (search, fetch + display, answer); none carried a row.
		const chats = llm.chatRequests().slice(from);
		expect(chats.map((request) => request.status)).toEqual([200, 200, 200]);
		for (const request of chats) {
			const sent = JSON.stringify(request.body);
			for (const airport of north) expect(sent).not.toContain(airport.name);
		}
		await page.getByTestId('canvas-fit').click();
		await saveScreenshot(page, `rows-journey-${format}`);

		// The three widgets are live (they keep their sources); after a reload and a refresh the
		// KPI grid still reads its figures from the bound row.
		await expect
			.poll(() => savedCanvas(page), { timeout: 10_000 })
			.toEqual(
				expect.arrayContaining([
					{ type: 'map', live: true },
					{ type: 'kpi-grid', live: true },
					{ type: 'list', live: true }
				])
			);
		await page.reload();
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
		const grid = page.locator('[data-widget-type=kpi-grid]');
		await grid.getByTestId('widget-refresh').click();
		await expect(grid.getByTestId('widget-refresh')).toHaveAttribute('data-refreshing', 'false');
		await expect(grid.getByTestId('widget-source-error')).toHaveCount(0);
		expect((await grid.locator('.stat .number').allInnerTexts()).map(readNumber)).toEqual(values);
		expect(errors).toEqual([]);
	});
}
