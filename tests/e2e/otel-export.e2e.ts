/**
 * The console's OpenTelemetry export in the real browser: after a fake-LLM turn against the
 * embedded datasets server and the autoui server, "Export OpenTelemetry (OTLP/JSON)"
 * downloads one OTLP/JSON trace request that the official OTLP schema accepts, with an
 * invoke_agent span for the turn, a chat span per model request and an execute_tool span per
 * call (MCP client attributes on the datasets calls, the failing query marked as an error),
 * and without the API key the user configured.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
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
	expect(chats.every((span) => attributes(span)['gen_ai.provider.name'] === 'anthropic' && Number(attributes(span)['gen_ai.usage.input_tokens']) > 0)).toBe(true);
	const tools = spans.filter((span) => span.name.startsWith('execute_tool '));
	expect(tools.map((span) => `${attributes(span)['autoui.server']}_${attributes(span)['autoui.protocol']}_${attributes(span)['gen_ai.tool.name']}`)).toEqual(expectedCalls);
	const datasets = tools.filter((span) => attributes(span)['autoui.server'] === 'datasets');
	for (const span of datasets) {
		expect(attributes(span)).toMatchObject({ 'mcp.method.name': 'tools/call', 'server.address': '127.0.0.1', 'network.protocol.name': 'http' });
		expect(attributes(span)['mcp.protocol.version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	}
	const failed = tools.filter((span) => span.status.code === 2);
	expect(failed).toHaveLength(1);
	expect(attributes(failed[0])['error.type']).toBeTruthy();
	expect(errors).toEqual([]);
});
