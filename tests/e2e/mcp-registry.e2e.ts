/**
 * The registry browser of the add-server dialog against a local registry (the official
 * response shape) whose entries point at server-everything on 127.0.0.1: search, page on,
 * see the headers an entry needs, add one and find it connected.
 */
import { expect, test } from '@playwright/test';
import { collectErrors } from './helpers';
import { startEverything, type RunningServer } from '../fixtures/mcp/launchers';
import { startFakeRegistry, type FakeRegistry } from '../fixtures/mcp/registry-fixture';

let everything: RunningServer;
let registry: FakeRegistry;

test.beforeAll(async () => {
	everything = await startEverything({ mode: 'streamableHttp' });
	const entry = (name: string, remotes: unknown[]) => ({
		name,
		description: `The ${name} test server`,
		version: '2.0.1',
		remotes
	});
	registry = await startFakeRegistry([
		entry('io.github.example/everything', [
			{ type: 'sse', url: everything.url.replace('/mcp', '/sse') },
			{ type: 'streamable-http', url: everything.url }
		]),
		entry('io.github.example/everything-keyed', [
			{
				type: 'streamable-http',
				url: `${everything.url}?keyed=1`,
				headers: [{ name: 'X-Api-Key', description: 'Your key', isRequired: true, isSecret: true }]
			}
		]),
		entry('io.github.example/everything-packages', [])
	]);
});

test.afterAll(async () => {
	await registry?.stop();
	await everything?.stop();
});

test('searches the registry, adds a server from it, and it connects', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto(`/?registry=${encodeURIComponent(registry.base)}`);
	await page.getByTestId('mcp-status').click();
	await expect(page.getByTestId('registry-base')).toHaveText(registry.base);
	await page.getByTestId('registry-search').fill('everything');
	await page.getByTestId('registry-search').press('Enter');

	const results = page.getByTestId('registry-result');
	await expect(results).toHaveCount(2);
	await page.getByTestId('registry-more').click();
	await expect(results).toHaveCount(3);
	expect(registry.requests).toContain('/v0.1/servers?search=everything');
	expect(registry.requests).toContain('/v0.1/servers?search=everything&cursor=2');
	expect(registry.requests.filter((request) => request.startsWith('/v0/'))).toEqual([]);

	const plain = page.locator('[data-testid=registry-result][data-name="io.github.example/everything"]');
	await expect(plain.getByTestId('registry-version')).toHaveText('2.0.1');
	await expect(plain.getByTestId('registry-remote')).toHaveText('streamable-http');
	await expect(plain).toContainText('The io.github.example/everything test server');
	const keyed = page.locator('[data-testid=registry-result][data-name="io.github.example/everything-keyed"]');
	await expect(keyed.getByTestId('registry-headers')).toContainText('X-Api-Key');
	await expect(
		page
			.locator('[data-testid=registry-result][data-name="io.github.example/everything-packages"]')
			.getByTestId('registry-add')
	).toBeDisabled();

	// An entry that needs a header fills the form and asks for the value instead of connecting.
	await keyed.getByTestId('registry-add').click();
	await expect(page.getByTestId('mcp-add-note')).toContainText('X-Api-Key');
	await expect(page.getByTestId('mcp-add-url')).toHaveValue(`${everything.url}?keyed=1`);
	await expect(page.getByTestId('mcp-add-headers')).toHaveValue('X-Api-Key: ');
	await expect(page.getByTestId('server-row')).toHaveCount(1);

	await plain.getByTestId('registry-add').click();
	const row = page.locator('[data-testid=server-row]').filter({ hasText: everything.url });
	await expect(row.getByTestId('server-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await expect(row.getByTestId('count-tools')).not.toHaveText('0 tools');
	expect(errors).toEqual([]);
});
