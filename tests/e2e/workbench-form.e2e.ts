/**
 * The tool form for a schema that uses every kind of field (our fixture server's plan_trip):
 * labels, defaults, required marks, bounds and formats checked before sending, lists with
 * add/remove/reorder, nested groups from $ref, a oneOf branch picker, raw JSON kept in sync;
 * and a tool's own error (isError) told apart from success.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { startFixtureServer, type RunningServer } from '../fixtures/mcp/launchers';

let fixture: RunningServer;

test.beforeAll(async () => {
	fixture = await startFixtureServer({ formTools: true, fillerTools: 0 });
});
test.afterAll(async () => {
	await fixture?.stop();
});

test('a rich schema becomes a form whose arguments reach the server as typed', async ({ page }) => {
	await page.goto('/');
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(fixture.url);
	await page.getByTestId('mcp-add-name').fill('fixture');
	await page.getByTestId('mcp-add-submit').click();
	await page.locator('[data-testid=open-workbench][data-server=fixture]').click({ timeout: 20_000 });
	const workbench = page.locator('[data-testid=workbench][data-server=fixture]');
	await workbench.locator('[data-testid=workbench-tool][data-tool=plan_trip]').click();
	const form = workbench.locator('[data-testid=tool-form][data-tool=plan_trip]');

	// Defaults are filled; errors show per field before anything is sent.
	await expect(form.getByLabel('travellers', { exact: true })).toHaveValue('2');
	await expect(form.getByLabel('pace', { exact: true })).toHaveValue('1');
	await form.getByLabel('title', { exact: true }).fill('NY');
	await form.getByLabel('travellers', { exact: true }).fill('12');
	await form.getByLabel('contact', { exact: true }).fill('not-an-email');
	await form.getByTestId('tool-run').click();
	await expect(form.locator('[data-field="/title"] [data-testid=field-error]')).toBeVisible();
	await expect(form.locator('[data-field="/travellers"] [data-testid=field-error]')).toBeVisible();
	await expect(form.locator('[data-field="/stops"] [data-testid=field-error]')).toBeVisible();
	await expect(workbench.getByTestId('tool-result')).toHaveCount(0);

	await form.getByLabel('title', { exact: true }).fill('Northern loop');
	await form.getByLabel('travellers', { exact: true }).fill('3');
	await form.getByLabel('contact', { exact: true }).fill('ada@example.org');
	await form.getByLabel('start', { exact: true }).fill('2025-06-01');
	await form.getByLabel('insured', { exact: true }).check();
	await form.getByLabel('pace', { exact: true }).selectOption('packed');

	// Lists: add three stops, remove one, move one up.
	const stops = form.locator('[data-field="/stops"]');
	for (const city of ['Oslo', 'Bergen', 'Tromsø']) {
		await stops.getByRole('button', { name: 'Add stops item' }).click();
		const index = await stops.locator('[data-field^="/stops/"][data-field$="/city"]').count();
		await form.locator(`[data-field="/stops/${index - 1}/city"] input`).fill(city);
	}
	await form.locator('[data-field="/stops/0/nights"] input').fill('2');
	await stops.getByRole('button', { name: 'Remove stops item 2' }).click();
	await stops.getByRole('button', { name: 'Move stops item 2 up' }).click();

	// oneOf: pick the Car branch and fill it.
	const transport = form.locator('[data-field="/transport"]');
	await transport.getByRole('combobox').first().selectOption({ label: 'Car' });
	await form.getByLabel('seats', { exact: true }).fill('4');
	await form.getByLabel('amount', { exact: true }).fill('1200.5');

	// Raw JSON shows the same arguments, and edits there come back to the form.
	await form.getByTestId('tool-raw-json').click();
	const raw = JSON.parse(await form.getByTestId('tool-args-json').inputValue()) as Record<string, unknown>;
	const expected = {
		title: 'Northern loop',
		travellers: 3,
		start: '2025-06-01',
		contact: 'ada@example.org',
		pace: 'packed',
		insured: true,
		stops: [{ city: 'Tromsø' }, { city: 'Oslo', nights: 2 }],
		transport: { seats: 4 },
		budget: { amount: 1200.5, currency: 'EUR' }
	};
	expect(raw).toEqual(expected);
	await form.getByTestId('tool-args-json').fill(JSON.stringify({ ...expected, title: 'Edited in JSON' }));
	await form.getByRole('button', { name: 'Form', exact: true }).click();
	await expect(form.getByLabel('title', { exact: true })).toHaveValue('Edited in JSON');

	await form.getByTestId('tool-run').click();
	const result = workbench.getByTestId('tool-result');
	await expect(result).toHaveAttribute('data-kind', 'success');
	await expect(result.getByTestId('structured-content')).toContainText('Tromsø');

	// A tool's own failure is an isError result, not a protocol error.
	await workbench.locator('[data-testid=workbench-tool][data-tool=fail]').click();
	await workbench
		.locator('[data-testid=tool-form][data-tool=fail]')
		.getByLabel('message', { exact: true })
		.fill('nope');
	await workbench.locator('[data-testid=tool-form][data-tool=fail]').getByTestId('tool-run').click();
	await expect(result).toHaveAttribute('data-kind', 'tool-error');
	await expect(result).toContainText('nope');

	// The workbench passes an automated accessibility check (labels, roles, names).
	const audit = await new AxeBuilder({ page })
		.include('[data-testid=workbench]')
		.disableRules(['color-contrast'])
		.analyze();
	expect(
		audit.violations.map(
			(violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`
		)
	).toEqual([]);
});

test('a hostile server cannot freeze the page or spend tokens: malformed requests, 10,000 log messages, a burst of sampling requests', async ({
	page
}) => {
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto('/');
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(fixture.url);
	await page.getByTestId('mcp-add-name').fill('hostile');
	await page.getByTestId('mcp-add-submit').click();
	await page.locator('[data-testid=open-workbench][data-server=hostile]').click({ timeout: 20_000 });
	const workbench = page.locator('[data-testid=workbench][data-server=hostile]');
	await workbench.locator('[data-testid=workbench-tool][data-tool=misbehave]').click();
	await workbench.locator('[data-testid=tool-form][data-tool=misbehave]').getByTestId('tool-run').click();

	// At most three sampling requests wait for the user; the rest are refused at once.
	await expect(page.getByTestId('sampling-request')).toHaveCount(3);
	const result = workbench.getByTestId('tool-result');
	await expect(result).toContainText(/malformed sampling: -326\d\d/, { timeout: 20_000 });
	await expect(result).toContainText('unknown method: -32601');
	await expect(result).toContainText(/sampling \d: -32600/);
	// The server gave up on the waiting ones (its timeout cancelled them): their cards are gone.
	await expect(result).toContainText('sampling 0: -32001');
	await expect(page.getByTestId('sampling-request')).toHaveCount(0);

	// The page still answers at once, and the flood sits in bounded logs.
	const started = Date.now();
	await workbench.getByTestId('workbench-tab-server').click();
	await expect(workbench.getByTestId('server-logs').locator('li')).toHaveCount(200);
	expect(Date.now() - started).toBeLessThan(5000);
	await workbench.getByTestId('workbench-close').click();
	await page.getByTestId('console-tab-protocol').click();
	await expect(page.getByTestId('protocol-log')).toContainText('older dropped');
	// The console records a bounded part of the flood as entries by level, and says what it left out.
	await page.getByTestId('console-tab-agent').click();
	// The list shows only the rows in view past 300 entries: search for the rows to check.
	await page.getByTestId('console-search').fill('left out');
	await expect(page.locator('[data-testid=console-entry][data-kind=server-log]').first()).toContainText('left out');
	await page.getByTestId('console-search').fill('level:warning');
	await expect(
		page.locator('[data-testid=console-entry][data-kind=server-log][data-status=warning]').first()
	).toContainText('flood');
	expect(errors).toEqual([]);
});
