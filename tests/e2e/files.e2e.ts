/**
 * Your own data, end to end: a CSV (BOM, CRLF, quoted commas, accented names) added through
 * the file input is queried by the fake model through files_webmcp_query_sql and the bar
 * chart's numbers equal the file's (computed here with DuckDB from the same bytes); the
 * widget refreshes from the table after a reload; a Parquet file made with DuckDB works the
 * same; a broken CSV names its line; no request ever carries the files' content. Without a
 * model, adding a file shows its profile card and one click draws a chart.
 */
import { expect, test, type Page } from '@playwright/test';
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
import { appUrl } from './support/app';
import { brokenCsv, filesScenario, parquetSql, salesCsv, salesSql } from './support/files-scenario';
import { acceptAgentLink } from '../fixtures/agent-link';

let llm: FakeLlm;
let folder: string;
let parquet: Buffer;

async function duckdb<Row>(sql: string): Promise<Row[]> {
	const instance = await DuckDBInstance.create(':memory:');
	const connection = await instance.connect();
	const rows = (await connection.runAndReadAll(sql)).getRowObjectsJson() as Row[];
	connection.closeSync();
	return rows;
}

test.beforeAll(async () => {
	llm = await startFakeLlm();
	folder = mkdtempSync(join(tmpdir(), 'autoui-files-'));
	writeFileSync(join(folder, 'sales.csv'), salesCsv);
	const file = join(folder, 'stock.parquet');
	await duckdb(
		`COPY (SELECT ['North', 'South', 'East'][1 + (i % 3)::INT] AS region, (i * 7) % 50 AS units, DATE '2026-01-01' + i::INT AS day FROM range(300) t(i)) TO '${file}' (FORMAT parquet)`
	);
	parquet = readFileSync(file);
});
test.afterAll(async () => {
	await llm?.close();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Every request body the page sends, to check that none carries a file. */
function watchRequests(page: Page): Buffer[] {
	const bodies: Buffer[] = [];
	page.on('request', (request) => {
		const body = request.postDataBuffer();
		if (body) bodies.push(body);
	});
	return bodies;
}

async function barTotals(page: Page, title: string): Promise<Record<string, number>> {
	const frame = page.locator('[data-widget-type=bar]').filter({ hasText: title });
	await expect(frame.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 20_000 });
	await frame.getByRole('button', { name: 'Data', exact: true }).click();
	const cells = await frame
		.locator('tbody tr')
		.evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
	await frame.getByRole('button', { name: 'Chart', exact: true }).click();
	return Object.fromEntries(cells.map(([label, value]) => [label, Number(value.replace(/[^\d.-]/g, ''))]));
}

const fileMarkers = ['Dupont, Jean', 'Müller, Anaïs', 'Besançon', 'Chloé'];

test('a CSV and a Parquet file are queried by the model through files_webmcp_query_sql, survive a reload and never leave the page', async ({
	page
}) => {
	test.setTimeout(120_000);
	const errors = collectErrors(page);
	const bodies = watchRequests(page);
	llm.setScenario(filesScenario());
	await page.goto(appUrl(llm, 'anthropic'));
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');

	await page.getByTestId('data-files-input').setInputFiles({
		name: 'Ventes 2026.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(salesCsv)
	});
	const row = page.getByTestId('data-file-row');
	await expect(row).toHaveCount(1, { timeout: 30_000 });
	await expect(row).toContainText('ventes_2026');
	await expect(row).toContainText('Ventes 2026.csv');
	await expect(row.locator('td').nth(2)).toHaveText('5');
	await expect(row.locator('td').nth(3)).toHaveText('3');
	await expect(page.getByTestId('data-file-profile')).toContainText('ventes_2026');
	await page.getByTestId('data-files-close').click();

	await page.getByTestId('chat-input').fill('What are the totals per city in my file?');
	await page.getByTestId('send').click();
	await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });
	await expect(page.locator('[data-testid=console-entry][data-kind=tool-error]')).toHaveCount(0);
	const expected = await duckdb<{ ville: string; total: number }>(
		salesSql.replace('FROM ventes_2026', `FROM read_csv('${join(folder, 'sales.csv')}')`)
	);
	expect(expected.length).toBe(3);
	const totals = Object.fromEntries(expected.map((item) => [item.ville, Number(item.total)]));
	expect(await barTotals(page, 'Totals per city')).toEqual(totals);

	// After a reload the table is read again from this browser's storage: the widget refreshes from it.
	await page.reload();
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	const bar = page.locator('[data-widget-type=bar]');
	await bar.getByTestId('widget-refresh').click();
	await expect(bar.getByTestId('widget-refresh')).toHaveAttribute('data-refreshing', 'false', { timeout: 30_000 });
	await expect(bar.getByTestId('widget-source-error')).toHaveCount(0);
	expect(await barTotals(page, 'Totals per city')).toEqual(totals);

	// A Parquet file (written by DuckDB) works the same.
	await page.getByTestId('data-files-input').setInputFiles({
		name: 'Stock 2026.parquet',
		mimeType: 'application/octet-stream',
		buffer: parquet
	});
	await expect(page.getByTestId('data-file-row')).toHaveCount(2, { timeout: 30_000 });
	await expect(page.getByTestId('data-file-row').nth(1)).toContainText('stock_2026');
	await page.getByTestId('data-files-close').click();
	await page.getByTestId('chat-input').fill('And the units per region in the Parquet file?');
	await page.getByTestId('send').click();
	await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });
	const units = await duckdb<{ region: string; total: number }>(
		parquetSql.replace('FROM stock_2026', `FROM read_parquet('${join(folder, 'stock.parquet')}')`)
	);
	expect(await barTotals(page, 'Units per region')).toEqual(
		Object.fromEntries(units.map((item) => [item.region, Number(item.total)]))
	);

	// A broken CSV names its line and what was wrong; the other files stay.
	await page.getByTestId('data-files-input').setInputFiles({
		name: 'broken.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(brokenCsv)
	});
	await expect(page.getByTestId('data-file-problem')).toContainText(/line 4/i, { timeout: 30_000 });
	await expect(page.getByTestId('data-file-problem')).toContainText('Found: 3');
	await expect(page.getByTestId('data-file-row')).toHaveCount(2);

	// No request carried a file: neither its bytes nor any of its values.
	for (const body of bodies) {
		expect(body.includes(parquet.subarray(0, 64))).toBe(false);
		const text = body.toString('utf8');
		for (const marker of fileMarkers) expect(text).not.toContain(marker);
	}
	expect(errors).toEqual([]);
});

test('without a model, adding a file shows its profile card and one click draws a chart', async ({ page }) => {
	test.setTimeout(60_000);
	const bodies = watchRequests(page);
	await page.goto('/');
	await expect(page.getByTestId('canvas-add-data')).toBeVisible();
	await page.getByTestId('data-files-input').setInputFiles({
		name: 'Ventes 2026.csv',
		mimeType: 'text/csv',
		buffer: Buffer.from(salesCsv)
	});
	const profile = page.getByTestId('data-file-profile');
	await expect(profile).toContainText('5 rows', { timeout: 30_000 });
	await expect(profile.getByTestId('data-file-column')).toHaveCount(3);
	await expect(profile.getByTestId('data-file-column').nth(2)).toContainText('DOUBLE');
	await expect(profile.getByTestId('data-file-column').nth(2)).toContainText('3 – 60.5');
	await profile.getByTestId('data-file-chart').filter({ hasText: 'Bar chart' }).click();
	await expect(page.locator('[data-widget-type=bar] figure[data-chart-ready=true]')).toHaveCount(1, {
		timeout: 20_000
	});
	for (const body of bodies) for (const marker of fileMarkers) expect(body.toString('utf8')).not.toContain(marker);
});
