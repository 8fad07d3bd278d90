/**
 * Driving the composed app from journeys: open it with the provider preset to a fake LLM
 * (URL parameters, no key for a loopback URL), wait until the model and the embedded
 * datasets server are ready, send messages, wait for turns to end, and read the console
 * and the requests the fake received.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { FakeLlm, FakeRecordedRequest, WireFormat } from '../../fixtures/fake-llm';
import { acceptAgentLink } from '../../fixtures/agent-link';

export { acceptAgentLink };

/** Options of {@link openApp}. */
export interface OpenOptions {
	/** Extra MCP server URLs to connect for this visit (the `mcp` URL parameter). */
	mcp?: string[];
	model?: string;
	/** Wait for the MCP pill to say connected (default true). */
	waitForMcp?: boolean;
}

/** The base URL of the fake for a wire format (OpenAI clients expect the /v1 prefix). */
export function baseUrlOf(llm: FakeLlm, format: WireFormat): string {
	return format === 'anthropic' ? llm.url : `${llm.url}/v1`;
}

/** The app URL with the provider preset to the fake. */
export function appUrl(llm: FakeLlm, format: WireFormat, options: OpenOptions = {}): string {
	const params = new URLSearchParams({
		provider: format,
		baseUrl: baseUrlOf(llm, format),
		model: options.model ?? 'fake-model'
	});
	if (options.mcp?.length) params.set('mcp', options.mcp.join(','));
	return `/?${params}`;
}

/** Opens the app against the fake and waits until the LLM (and the MCP servers) are ready. */
export async function openApp(page: Page, llm: FakeLlm, format: WireFormat, options: OpenOptions = {}): Promise<void> {
	await page.goto(appUrl(llm, format, options));
	// A link that changes the agent asks first.
	await acceptAgentLink(page);
	// Servers named by a link connect only once the user agrees.
	if (options.mcp?.length) await page.getByTestId('link-servers-connect').click();
	await waitReady(page, options.waitForMcp ?? true);
}

/** Opens the app with the AG-UI agent at `agentUrl` as its provider and waits until it is ready. */
export async function openWithAgent(page: Page, agentUrl: string): Promise<void> {
	await page.goto(`/?provider=agui&baseUrl=${encodeURIComponent(agentUrl)}`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
}

/** Waits for the LLM pill to be ready and, optionally, every MCP server to be connected. */
export async function waitReady(page: Page, mcp = true): Promise<void> {
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	if (mcp)
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
}

/** Types a message and sends it with the Send button. */
export async function send(page: Page, text: string): Promise<void> {
	await page.getByTestId('chat-input').fill(text);
	await page.getByTestId('send').click();
}

/** The chat's "turn done" markers. */
export function turnsDone(page: Page): Locator {
	return page.getByTestId('pane-chat').getByTestId('turn-done');
}

/** Waits until `count` turns have ended and no turn runs (Send is back). */
export async function waitTurns(page: Page, count: number, timeout = 20_000): Promise<void> {
	await expect(turnsDone(page)).toHaveCount(count, { timeout });
	await expect(page.getByTestId('send')).toBeVisible();
}

/** The console entries currently listed. */
export function consoleEntries(page: Page): Locator {
	return page.locator('[data-testid=console-entry]');
}

/** One row of the console as the tests compare it. */
export interface EntryRow {
	kind: string;
	status: string;
	callId: string | null;
	server: string;
	tool: string;
}

/** Reads the listed console entries (kind, status, call id, server, tool), in order. */
export async function readEntries(page: Page): Promise<EntryRow[]> {
	return consoleEntries(page).evaluateAll((rows) =>
		rows.map((row) => ({
			kind: row.getAttribute('data-kind') ?? '',
			status: row.getAttribute('data-status') ?? '',
			callId: row.getAttribute('data-call-id'),
			server: row.querySelector('.server')?.textContent?.trim() ?? '',
			tool: row.querySelector('.tool')?.textContent?.trim() ?? ''
		}))
	);
}

/** The chat requests the fake received since `from` (an index into chatRequests()). */
export function chatsSince(llm: FakeLlm, from: number): FakeRecordedRequest[] {
	return llm.chatRequests().slice(from);
}

/** The messages of a recorded request body, whatever the wire format. */
export function messagesOf(request: FakeRecordedRequest): Array<{ role: string; content: unknown }> {
	const body = request.body as { messages?: Array<{ role: string; content: unknown }> } | undefined;
	return body?.messages ?? [];
}

/** All the text of a message's content (string or text blocks). */
export function textOf(content: unknown): string {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.map((part) =>
			part && typeof part === 'object' && (part as { type?: string }).type === 'text'
				? String((part as { text: unknown }).text)
				: ''
		)
		.join('');
}

/**
 * What the fake was sent, for a failed test's report: status, error, system prompt and tool
 * names of each chat request since `from`, so a rejected request can be compared with the
 * one before it.
 */
export function requestLog(llm: FakeLlm, from = 0): string {
	const rows = llm
		.chatRequests()
		.slice(from)
		.map((request) => {
			const body = (request.body ?? {}) as {
				system?: unknown;
				tools?: Array<{ name?: string; function?: { name?: string } }>;
			};
			return {
				status: request.status,
				error: request.error,
				system: body.system,
				tools: (body.tools ?? []).map((tool) => tool.name ?? tool.function?.name)
			};
		});
	return JSON.stringify(rows, null, 1);
}

/**
 * Registers hooks that attach {@link requestLog} (as llm-requests.json) to the report of every
 * test in this file that fails, covering the requests the fake received during that test.
 * `llm` is a getter because the fake starts in the file's beforeAll.
 */
export function attachRequestsOnFailure(llm: () => FakeLlm): void {
	let firstRequest = 0;
	test.beforeEach(() => {
		firstRequest = llm().chatRequests().length;
	});
	test.afterEach(async ({}, testInfo) => {
		if (testInfo.status !== testInfo.expectedStatus)
			await testInfo.attach('llm-requests.json', {
				body: requestLog(llm(), firstRequest),
				contentType: 'application/json'
			});
	});
}

/**
 * The widgets of the canvas saved in IndexedDB under `key` (type and whether it has a source).
 * The canvas is saved at most 300 ms behind a change; a journey that reloads waits for it, as a
 * user who reloads a moment later would see.
 */
export function savedCanvas(page: Page, key = 'canvas.v1'): Promise<Array<{ type: string; live: boolean }>> {
	return page.evaluate(
		(storageKey) =>
			new Promise<Array<{ type: string; live: boolean }>>((resolve) => {
				const open = indexedDB.open('autoui');
				open.onsuccess = () => {
					const request = open.result.transaction('kv').objectStore('kv').get(storageKey);
					request.onsuccess = () =>
						resolve(
							((request.result?.widgets ?? []) as Array<{ type: string; source?: unknown }>).map((widget) => ({
								type: widget.type,
								live: widget.source !== undefined
							}))
						);
					request.onerror = () => resolve([]);
				};
				open.onerror = () => resolve([]);
			}),
		key
	);
}

/** The params of the first saved widget of `type` (the canvas is saved ≤ 300 ms after a change). */
export function savedParams(page: Page, type: string): Promise<Record<string, unknown> | undefined> {
	return page.evaluate(
		(widgetType) =>
			new Promise<Record<string, unknown> | undefined>((resolve) => {
				const open = indexedDB.open('autoui');
				open.onsuccess = () => {
					const request = open.result.transaction('kv').objectStore('kv').get('canvas.v1');
					request.onsuccess = () =>
						resolve(
							(request.result?.widgets ?? []).find((widget: { type: string }) => widget.type === widgetType)?.params
						);
					request.onerror = () => resolve(undefined);
				};
				open.onerror = () => resolve(undefined);
			}),
		type
	);
}
