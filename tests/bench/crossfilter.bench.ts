/**
 * Cross-filtering over the 3-million-row flights table, in Chromium against the production
 * build with the embedded datasets server. The fake model builds a dashboard in one request: a
 * filter of origin airports, and a chart (flights per hour), a table (top destinations) and a
 * map (destinations) whose sources all bind the canvas parameter `origin`. Then the filter is
 * changed again and again, as a user would, and each time the clock runs from the change to
 * all three widgets updated: their sources ran again (the frames were busy and are no longer)
 * and the charts drew their new data (`data-chart-drawn` counted it), at the next frame.
 *
 * Figures: p50 and p95 of that time (target p50 ≤ 150 ms, p95 ≤ 400 ms on the dev machine),
 * and the model requests made while filtering (0: the canvas re-runs sources itself).
 */
import { chromium, type Page } from '@playwright/test';
import { startFakeLlm, type FakeScenario } from '../fixtures/fake-llm';
import { chromiumLaunch, withAppServer } from './server';
import { acceptAgentLink } from '../fixtures/agent-link';

type Emit = (figure: Record<string, unknown>) => void;

const filterSql = 'SELECT origin, count(*) AS flights FROM flights_3m GROUP BY origin ORDER BY flights DESC LIMIT 12';
const chartSql =
	'SELECT hour(date) AS hour, count(*) AS flights FROM flights_3m WHERE ($origin IS NULL OR origin = $origin) GROUP BY 1 ORDER BY 1';
const tableSql =
	'SELECT destination, count(*) AS flights, round(avg(delay), 1) AS avg_delay FROM flights_3m WHERE ($origin IS NULL OR origin = $origin) GROUP BY 1 ORDER BY 2 DESC LIMIT 100';
const mapSql =
	'SELECT a.iata, a.name, a.latitude, a.longitude, count(*) AS flights FROM flights_3m f JOIN airports a ON a.iata = f.destination WHERE ($origin IS NULL OR f.origin = $origin) GROUP BY ALL ORDER BY flights DESC LIMIT 200';
const bound = (sql: string) => ({
	tool: 'datasets_mcp_query_sql',
	args: { sql, params: { origin: { $param: 'origin' } } }
});

const scenario: FakeScenario = {
	steps: [
		() => ({
			text: 'Building the flights dashboard.',
			toolCalls: [
				{
					name: 'autoui_webmcp_widget_display',
					input: {
						name: 'filter',
						params: {
							title: 'Origin',
							param: 'origin',
							control: 'select',
							label: 'Origin',
							options: { $ref: 'source#/rows' },
							field: 'origin'
						},
						source: { tool: 'datasets_mcp_query_sql', args: { sql: filterSql } }
					}
				},
				{
					name: 'autoui_webmcp_widget_display',
					input: {
						name: 'bar',
						params: {
							title: 'Flights per hour',
							data: { $ref: 'source#/rows' },
							x: 'hour',
							y: 'flights',
							xType: 'ordinal'
						},
						source: bound(chartSql)
					}
				},
				{
					name: 'autoui_webmcp_widget_display',
					input: {
						name: 'data-table',
						params: { title: 'Top destinations', rows: { $ref: 'source#/rows' } },
						source: bound(tableSql)
					}
				},
				{
					name: 'autoui_webmcp_widget_display',
					input: {
						name: 'map',
						params: {
							title: 'Destinations',
							data: { $ref: 'source#/rows' },
							lat: 'latitude',
							lon: 'longitude',
							label: 'name',
							value: 'flights',
							region: 'usa'
						},
						source: bound(mapSql)
					}
				}
			]
		}),
		(request) => {
			for (const result of request.toolResults) if (result.isError) throw new Error(result.content);
			return { text: 'Pick an origin to filter the chart, the table and the map.' };
		}
	]
};

/** Where one change's time went, in ms from the change (per widget: bar, data-table, map). */
interface ChangeTiming {
	total: number;
	/** The last of the three sources answered (its frame no longer busy). */
	answered: number;
	/** The first datasets request left the page. */
	firstRequest: number;
	/** The last datasets response arrived (resource timing's responseEnd). */
	lastResponse: number;
	/** Per widget: answer applied (frame not busy) → drawn (the table: at once). */
	drawn: number[];
}

/**
 * Chooses filter option `index`; resolves with ms until the three bound widgets show the new
 * data (`total`), until the last of their sources answered (`answered`), and the requests'
 * timing in between.
 */
function timeChange(page: Page, index: number): Promise<ChangeTiming> {
	return page.evaluate(async (option) => {
		const select = document.querySelector<HTMLSelectElement>('[data-widget-type=filter] select')!;
		const frames = ['bar', 'data-table', 'map'].map((type) =>
			document.querySelector<HTMLElement>(`[data-widget-type=${type}]`)!
		);
		const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
		performance.clearResourceTimings();
		const start = performance.now();
		let lastAnswer = 0;
		const drawn = [0, 0, 0];
		const updated = frames.map(
			(frame, position) =>
				new Promise<void>((resolve, reject) => {
					const body = frame.querySelector('[data-testid=widget-body]')!;
					const chart = frame.dataset.widgetType !== 'data-table';
					let busy = false;
					let answered = false;
					let answeredAt = 0;
					const timer = setTimeout(
						() => reject(new Error(`${frame.dataset.widgetType} did not update in 15 s`)),
						15_000
					);
					const observer = new MutationObserver((records) => {
						for (const record of records) {
							if (record.type === 'attributes' && record.attributeName === 'aria-busy') {
								if (body.getAttribute('aria-busy') === 'true') busy = true;
								else if (busy) {
									answered = true;
									answeredAt = performance.now() - start;
									lastAnswer = Math.max(lastAnswer, answeredAt);
								}
							} else if (answered && chart && record.attributeName === 'data-chart-drawn') {
								finish();
								return;
							}
						}
						if (answered && !chart) finish();
					});
					const finish = () => {
						drawn[position] = performance.now() - start - answeredAt;
						clearTimeout(timer);
						observer.disconnect();
						resolve();
					};
					observer.observe(frame, {
						attributes: true,
						attributeFilter: ['aria-busy', 'data-chart-drawn'],
						subtree: true
					});
				})
		);
		select.value = String(option);
		select.dispatchEvent(new Event('change', { bubbles: true }));
		await Promise.all(updated);
		const total = (await nextFrame()) - start;
		const requests = performance
			.getEntriesByType('resource')
			.filter(
				(entry) => entry.name.includes('/mcp/datasets') && entry.startTime >= start
			) as PerformanceResourceTiming[];
		return {
			total,
			answered: lastAnswer,
			firstRequest: Math.min(...requests.map((entry) => entry.startTime - start)),
			lastResponse: Math.max(...requests.map((entry) => entry.responseEnd - start)),
			drawn
		};
	}, index);
}

/** Which widget a datasets request is for, by its SQL. */
function widgetOf(body: string): number {
	if (body.includes('hour(date)')) return 0;
	if (body.includes('avg_delay')) return 1;
	if (body.includes('JOIN airports')) return 2;
	return -1;
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export default async function run(emit: Emit): Promise<void> {
	const llm = await startFakeLlm({ scenario });
	try {
		await withAppServer(async (baseUrl) => {
			const browser = await chromium.launch(chromiumLaunch);
			try {
				const page = await browser.newPage({ viewport: { width: 1800, height: 1200 } });
				await page.goto(`${baseUrl}/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=bench-model`);
				await acceptAgentLink(page);
				await page.locator('[data-testid=mcp-status][data-status=connected]').waitFor({ timeout: 30_000 });
				await page
					.getByTestId('chat-input')
					.fill('Flights per hour, top destinations and a map, filtered by origin airport.');
				await page.getByTestId('send').click();
				await page.locator('[data-widget-type=map] figure[data-chart-ready=true]').waitFor({ timeout: 60_000 });
				await page.locator('[data-widget-type=bar] figure[data-chart-ready=true]').waitFor({ timeout: 30_000 });
				await page.getByTestId('turn-done').first().waitFor({ timeout: 30_000 });
				const options = await page.locator('[data-widget-type=filter] select option').count();
				if (options < 5) throw new Error(`the origin filter has ${options} options`);
				const before = llm.chatRequests().length;
				// The engine's time per query (`elapsedMs` in query_sql's answer), by widget.
				const serverMs: number[][] = [[], [], []];
				let measuring = false;
				page.on('response', (response) => {
					const body = response.request().postData() ?? '';
					if (!measuring || !response.url().includes('/mcp/datasets') || !body.includes('query_sql')) return;
					const widget = widgetOf(body);
					if (widget < 0) return;
					void response
						.text()
						.then((text) => {
							const elapsed = /elapsedMs\\?":\s*(\d+)/.exec(text);
							if (elapsed) serverMs[widget].push(Number(elapsed[1]));
						})
						.catch(() => undefined);
				});
				// Two warm-up changes (the first runs load the rest of the code paths), then the measured ones.
				for (const index of [1, 2]) await timeChange(page, index);
				measuring = true;
				const changes: ChangeTiming[] = [];
				for (let round = 0; round < 3; round++) {
					for (let index = 0; index < options - 1; index++) changes.push(await timeChange(page, index));
				}
				measuring = false;
				const times = changes.map((change) => change.total);
				const answers = changes.map((change) => change.answered);
				const modelRequests = llm.chatRequests().length - before;
				const round = (value: number) => Math.round(value);
				emit({
					name: 'crossfilter-update-p50',
					value: round(percentile(times, 50)),
					unit: 'ms',
					target: '≤ 150 ms',
					runs: times.length,
					widgets: 3,
					table: 'flights_3m'
				});
				emit({
					name: 'crossfilter-update-p95',
					value: round(percentile(times, 95)),
					unit: 'ms',
					target: '≤ 400 ms',
					runs: times.length,
					max: round(Math.max(...times))
				});
				emit({
					name: 'crossfilter-sources-answered-p50',
					value: round(percentile(answers, 50)),
					unit: 'ms',
					target: null,
					note: 'the three queries, from the change to the last answer applied'
				});
				const p50 = (values: number[]) => (values.length ? round(percentile(values, 50)) : null);
				const widgets = ['bar', 'data-table', 'map'] as const;
				emit({
					name: 'crossfilter-breakdown-p50',
					value: round(percentile(times, 50)),
					unit: 'ms',
					target: null,
					note: 'medians, ms from the filter change unless said otherwise',
					firstRequest: p50(changes.map((change) => change.firstRequest)),
					lastResponse: p50(changes.map((change) => change.lastResponse)),
					answered: p50(answers),
					serverQueryMs: Object.fromEntries(widgets.map((name, index) => [name, p50(serverMs[index])])),
					appliedToDrawnMs: Object.fromEntries(
						widgets.map((name, index) => [name, p50(changes.map((change) => change.drawn[index]))])
					)
				});
				emit({
					name: 'crossfilter-model-requests',
					value: modelRequests,
					unit: 'requests',
					target: 0,
					changes: times.length + 2
				});
			} finally {
				await browser.close();
			}
		});
	} finally {
		await llm.close();
	}
}
