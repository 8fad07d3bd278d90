/**
 * The console's OpenTelemetry export in the real browser: after a fake-LLM turn against the
 * embedded datasets server and the autoui server, "Export OpenTelemetry (OTLP/JSON)"
 * downloads one OTLP/JSON trace request that the official OTLP schema accepts, with an
 * invoke_agent span for the turn, a chat span per model request and an execute_tool span per
 * call (MCP client attributes on the datasets calls, the failing query marked as an error),
 * and without the API key the user configured. With live export configured, the turn's
 * spans reach an OTLP/HTTP receiver on loopback as soon as it finishes, with the headers the
 * user gave.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { mapIds, roundTrip } from '../fixtures/otlp-schema';
import type { OtlpSpan, OtlpTraceRequest } from '../../src/lib/console/otel/otlp-json';
import { collectErrors } from './helpers';
import { attachRequestsOnFailure, openApp, send, waitTurns } from './support/app';
import { consoleQuestion, consoleScenario, expectedCalls } from './support/console-scenario';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});
test.use({ viewport: { width: 1600, height: 1000 } });
attachRequestsOnFailure(() => llm);

const apiKey = 'sk-test-Zr4vQ8wX2mN9pL4tY8zB1cD7';

function attributes(span: OtlpSpan): Record<string, unknown> {
	return Object.fromEntries(span.attributes.map(({ key, value }) => [key, Object.values(value)[0]]));
}

test('exports the session as OpenTelemetry spans the OTLP schema accepts, with no API key', async ({ page }) => {
	const errors = collectErrors(page);
	llm.setScenario(consoleScenario());
	await openApp(page, llm, 'anthropic');
	await page.getByTestId('llm-status').click();
	await page.getByTestId('settings-api-key').fill(apiKey);
	await page.getByTestId('settings-save').click();
	await expect(page.getByTestId('settings-dialog')).toBeHidden();
	llm.setApiKey(apiKey);
	try {
		await send(page, `${consoleQuestion} (my key is ${apiKey})`);
		await waitTurns(page, 1, 30_000);
	} finally {
		llm.setApiKey(undefined);
	}

	const downloading = page.waitForEvent('download');
	await page.getByTestId('console-export-otel').click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^autoui-otlp-.*\.json$/);
	const text = readFileSync(await download.path(), 'utf8');
	expect(text).not.toContain(apiKey);
	expect(text).not.toContain(apiKey.slice(3));

	const request = JSON.parse(text) as OtlpTraceRequest;
	const { problem, decoded } = roundTrip(request);
	expect(problem).toBeNull();
	expect(decoded).toEqual(mapIds(request, (id) => id));

	const spans = request.resourceSpans[0].scopeSpans[0].spans;
	const roots = spans.filter((span) => span.name === 'invoke_agent autoui');
	expect(roots).toHaveLength(1);
	expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([roots[0].traceId]));
	const chats = spans.filter((span) => span.name.startsWith('chat '));
	expect(chats).toHaveLength(4);
	expect(
		chats.every(
			(span) =>
				attributes(span)['gen_ai.provider.name'] === 'anthropic' &&
				Number(attributes(span)['gen_ai.usage.input_tokens']) > 0
		)
	).toBe(true);
	const tools = spans.filter((span) => span.name.startsWith('execute_tool '));
	expect(
		tools.map(
			(span) =>
				`${attributes(span)['autoui.server']}_${attributes(span)['autoui.protocol']}_${attributes(span)['gen_ai.tool.name']}`
		)
	).toEqual(expectedCalls);
	const datasets = tools.filter((span) => attributes(span)['autoui.server'] === 'datasets');
	for (const span of datasets) {
		expect(attributes(span)).toMatchObject({
			'mcp.method.name': 'tools/call',
			'server.address': '127.0.0.1',
			'network.protocol.name': 'http'
		});
		expect(attributes(span)['mcp.protocol.version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	}
	const failed = tools.filter((span) => span.status.code === 2);
	expect(failed).toHaveLength(1);
	expect(attributes(failed[0])['error.type']).toBeTruthy();
	expect(errors).toEqual([]);
});

test('live export sends the finished turn to the configured OTLP/HTTP endpoint with its headers', async ({ page }) => {
	const errors = collectErrors(page);
	const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
	const receiver = createServer((request, response) => {
		const cors = {
			'access-control-allow-origin': '*',
			'access-control-allow-headers': 'content-type, x-ingest-key',
			'access-control-allow-methods': 'POST'
		};
		if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
		let body = '';
		request.on('data', (chunk) => (body += chunk));
		request.on('end', () => {
			received.push({ url: request.url ?? '', headers: request.headers, body });
			response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	try {
		const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
		llm.setScenario(consoleScenario());
		await openApp(page, llm, 'anthropic');
		await page.getByTestId('console-otel-live').click();
		await page.getByTestId('otel-live-endpoint').fill(endpoint);
		await page.getByTestId('otel-live-headers').fill('x-ingest-key: ingest-7f3a9c');
		await page.getByTestId('otel-live-save').click();
		await expect(page.getByTestId('otel-live-dialog')).toHaveCount(0);
		await expect(page.getByTestId('console-otel-live')).toHaveAttribute('data-on', 'true');

		await send(page, consoleQuestion);
		await waitTurns(page, 1, 30_000);
		await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
		expect(received[0].url).toBe('/v1/traces');
		expect(received[0].headers['x-ingest-key']).toBe('ingest-7f3a9c');
		const request = JSON.parse(received[0].body) as OtlpTraceRequest;
		expect(roundTrip(request).problem).toBeNull();
		const names = request.resourceSpans[0].scopeSpans[0].spans.map((span) => span.name);
		expect(names.filter((name) => name === 'invoke_agent autoui')).toHaveLength(1);
		expect(names.filter((name) => name.startsWith('execute_tool '))).toHaveLength(expectedCalls.length);

		// The endpoint and headers are this device's: kept across a reload, never in an export.
		await page.reload();
		await expect(page.getByTestId('console-otel-live')).toHaveAttribute('data-on', 'true');
		await page.getByTestId('console-otel-live').click();
		await expect(page.getByTestId('otel-live-status')).toContainText(endpoint);
		await page.getByTestId('otel-live-off').click();
		await expect(page.getByTestId('console-otel-live')).toHaveAttribute('data-on', 'false');
		expect(errors).toEqual([]);
	} finally {
		await new Promise<void>((resolve) => receiver.close(() => resolve()));
	}
});
