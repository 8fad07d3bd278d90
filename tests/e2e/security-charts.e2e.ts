/**
 * Charts cannot brick the tab (security review, turn three): specs that generate rows through
 * expressions (`sequence()` + `flatten`, `split(pad())`) or spread them over the views of a
 * composition are refused before Vega runs, and a chart that did not finish drawing on the
 * last visit waits for the user's "Draw it anyway" instead of freezing every later visit.
 */
import { expect, test, type Page } from '@playwright/test';

const frame = (id: string, spec: Record<string, unknown>) => ({
	id,
	type: 'chart',
	params: { spec },
	x: 0,
	y: 0,
	w: 400,
	h: 300,
	z: 1,
	style: {},
	provenance: { dataFrom: [], source: 'import' },
	createdAt: 1
});

async function importCanvas(page: Page, widgets: unknown[]) {
	const file = { format: 'autoui-canvas', version: 1, widgets };
	await page
		.getByTestId('canvas-import-file')
		.setInputFiles({ name: 'charts.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
}

test('specs that generate millions of rows through expressions or compositions are refused, and the page stays responsive', async ({
	page
}) => {
	await page.goto('/');
	const one = { data: { values: [{ a: 1 }] } };
	const rows = Array.from({ length: 120_000 }, (_, index) => ({ x: index }));
	await importCanvas(page, [
		frame('w_sequence', {
			...one,
			transform: [{ calculate: 'sequence(0, 3000000)', as: 's' }, { flatten: ['s'] }],
			mark: 'point',
			encoding: { x: { field: 's', type: 'quantitative' } }
		}),
		frame('w_pad', {
			...one,
			transform: [{ calculate: "split(pad('', 3000000, 'x'), '')", as: 's' }, { flatten: ['s'] }],
			mark: 'tick',
			encoding: { x: { field: 's', type: 'nominal' } }
		}),
		frame('w_layers', {
			data: { values: rows },
			layer: [{ mark: 'point' }, { mark: 'tick' }],
			encoding: { x: { field: 'x', type: 'quantitative' } }
		})
	]);
	const charts = page.locator('[data-widget-type=chart]');
	await expect(charts).toHaveCount(3);
	for (let index = 0; index < 3; index++)
		await expect(charts.nth(index)).toContainText('too large to draw', { timeout: 15_000 });
	const started = Date.now();
	await page.evaluate(() => 1);
	expect(Date.now() - started).toBeLessThan(2_000);
});

test('a chart that did not finish drawing last time is not drawn again by itself; the user may retry', async ({
	page
}) => {
	await page.goto('/');
	const spec = {
		data: {
			values: [
				{ k: 'a', v: 3 },
				{ k: 'b', v: 5 }
			]
		},
		mark: 'bar',
		encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } }
	};
	await importCanvas(page, [frame('w_chart', spec)]);
	const chart = page.locator('[data-widget-type=chart]');
	await expect(chart.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 15_000 });
	const key = await chart.locator('figure').getAttribute('data-chart-key');
	expect(key).toBeTruthy();
	// What a visit that froze while drawing leaves behind: the drawing started, never ended.
	await page.evaluate(
		(drawing) =>
			localStorage.setItem(
				'autoui.chart-drawing.v1',
				JSON.stringify({ [drawing!]: { page: 'an-earlier-visit', at: Date.now() } })
			),
		key
	);
	// The canvas is saved at most 300 ms behind.
	await page.waitForTimeout(1_000);
	await page.reload();
	await expect(chart.getByTestId('chart-held')).toBeVisible({ timeout: 15_000 });
	await expect(chart.locator('figure[data-chart-ready=true]')).toHaveCount(0);
	await chart.getByTestId('chart-retry').click();
	await expect(chart.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 15_000 });
	// Drawn in time: the next visit draws it by itself again.
	await page.reload();
	await expect(chart.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 15_000 });
});
