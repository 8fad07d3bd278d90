import { describe, expect, it } from 'vitest';
import * as semconv from '@opentelemetry/semantic-conventions/incubating';
import type { AgentEvent } from '$lib/agent';
import { callTraceparent } from '$lib/shared';
import { sampleTurn } from '../sample-events';
import { buildOtlpTrace, serializeOtlp } from './export';
import { mapIds, roundTrip } from '../../../../tests/fixtures/otlp-schema';

const apiKey = 'sk-ant-api03-abcdefghijklmnopqrstuvwx';

/** A turn (one failing call) plus a manual workbench call, with secrets in arguments. */
function session(): AgentEvent[] {
	const turn = sampleTurn({ turnId: 'turn-1', withToolError: true });
	const first = turn.find((event) => event.type === 'tool-call')!;
	if (first.type === 'tool-call') first.args = { ...first.args, apiKey, note: `key ${apiKey}` };
	const base = {
		turnId: 'manual:manual_abc',
		iteration: 0,
		callId: 'manual_abc',
		name: 'datasets_mcp_query',
		resolvedName: 'datasets_mcp_query',
		server: 'datasets',
		protocol: 'mcp' as const,
		tool: 'query',
		origin: 'manual' as const
	};
	return [
		...turn,
		{
			type: 'tool-call',
			at: 1_700_000_009_000,
			...base,
			args: { sql: 'select 1', password: 'hunter22-secret' },
			guided: false
		},
		{
			type: 'tool-result',
			at: 1_700_000_009_050.5,
			...base,
			result: '[{"1":1}]',
			elapsedMs: 50,
			size: 9,
			truncated: false,
			recallId: 'manual_abc'
		}
	];
}

const servers = {
	datasets: { url: 'http://127.0.0.1:4173/mcp/datasets', sessionId: 'session-42', protocolVersion: '2025-11-25' }
};

describe('OpenTelemetry export (OTLP/JSON)', () => {
	it('is accepted by the official OTLP protobuf schema, field for field', () => {
		const request = buildOtlpTrace(session(), { servers, secrets: [apiKey], serviceVersion: '0.1.0' });
		const { problem, decoded, bytes } = roundTrip(request);
		expect(problem).toBeNull();
		expect(bytes).toBeGreaterThan(1000);
		expect(decoded).toEqual(mapIds(request, (id) => id));
		for (const span of request.resourceSpans[0].scopeSpans[0].spans) {
			expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
			expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
			expect(BigInt(span.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(span.startTimeUnixNano));
		}
	});

	it('the schema check catches what a collector would drop or refuse', () => {
		const request = buildOtlpTrace(session());
		const span = request.resourceSpans[0].scopeSpans[0].spans[0] as unknown as Record<string, unknown>;
		const misspelled = structuredClone(request);
		const target = misspelled.resourceSpans[0].scopeSpans[0].spans[0] as unknown as Record<string, unknown>;
		target.startTimeUnixNanos = target.startTimeUnixNano;
		delete target.startTimeUnixNano;
		expect(roundTrip(misspelled).decoded).not.toEqual(mapIds(misspelled, (id) => id));
		const badKind = structuredClone(request);
		(badKind.resourceSpans[0].scopeSpans[0].spans[0] as unknown as Record<string, unknown>).kind = 'SPAN_KIND_LOUD';
		expect(roundTrip(badKind).problem).toMatch(/kind/);
		expect(span.name).toBe('invoke_agent autoui');
	});

	it('follows the GenAI and MCP conventions: invoke_agent per turn, chat per request, execute_tool per call', () => {
		const request = buildOtlpTrace(session(), { servers });
		const spans = request.resourceSpans[0].scopeSpans[0].spans;
		const attrs = (span: (typeof spans)[number]) =>
			Object.fromEntries(span.attributes.map(({ key, value }) => [key, Object.values(value)[0]]));
		const [root, ...rest] = spans.filter((span) => span.traceId === spans[0].traceId);
		expect(root.name).toBe('invoke_agent autoui');
		expect(root.parentSpanId).toBeUndefined();
		expect(attrs(root)).toMatchObject({
			'gen_ai.operation.name': 'invoke_agent',
			'gen_ai.usage.input_tokens': '6000',
			'gen_ai.usage.cache_read.input_tokens': '9000'
		});
		expect(rest.every((span) => span.parentSpanId === root.spanId)).toBe(true);
		const chats = rest.filter((span) => span.name.startsWith('chat '));
		expect(chats.map((span) => attrs(span)['gen_ai.usage.output_tokens'])).toEqual(['80', '150', '20']);
		expect(attrs(chats[0])['gen_ai.response.finish_reasons']).toEqual({ values: [{ stringValue: 'tool_calls' }] });
		expect(chats[2].kind).toBe(3);
		expect(chats[0].events.map((event) => event.name)).toEqual(['autoui.retry']);
		const tools = rest.filter((span) => span.name.startsWith('execute_tool '));
		expect(tools.map((span) => span.name)).toEqual([
			'execute_tool query',
			'execute_tool forecast',
			'execute_tool widget_display'
		]);
		expect(attrs(tools[0])).toMatchObject({
			'mcp.method.name': 'tools/call',
			'server.address': '127.0.0.1',
			'server.port': '4173',
			'mcp.session.id': 'session-42',
			'mcp.protocol.version': '2025-11-25'
		});
		expect(tools[1].status).toEqual({ code: 2, message: 'server unreachable' });
		expect(attrs(tools[1])['error.type']).toBe('mcp_unreachable');
		expect(tools[2].kind).toBe(1);
		expect(attrs(tools[2])).toMatchObject({
			'gen_ai.tool.name': 'widget_display',
			'autoui.protocol': 'webmcp',
			'autoui.widget.id': 'w_abc123'
		});
		const manual = spans.find((span) => span.name === 'execute_tool query' && span.traceId !== root.traceId)!;
		expect(manual.parentSpanId).toBeUndefined();
		expect(attrs(manual)['autoui.call.origin']).toBe('manual');
		expect(manual.endTimeUnixNano).toBe('1700000009050500000');
	});

	it('uses only attribute names the official semantic conventions define, besides its own autoui.* ones', () => {
		const official = new Set(
			Object.entries(semconv)
				.filter(([name]) => name.startsWith('ATTR_'))
				.map(([, value]) => value as string)
		);
		const request = buildOtlpTrace(session(), { servers, conversationId: 'c1', serviceVersion: '0.1.0' });
		const keys = new Set<string>();
		for (const resource of request.resourceSpans) {
			for (const { key } of resource.resource.attributes) keys.add(key);
			for (const span of resource.scopeSpans[0].spans) {
				for (const { key } of span.attributes) keys.add(key);
				for (const event of span.events) for (const { key } of event.attributes) keys.add(key);
			}
		}
		const foreign = [...keys].filter((key) => !key.startsWith('autoui.') && !official.has(key));
		expect(foreign).toEqual([]);
		expect(keys.has('gen_ai.conversation.id')).toBe(true);
	});

	it('leaves no secret in the file: keys by value, secret-named arguments by name', () => {
		const text = serializeOtlp(buildOtlpTrace(session(), { servers, secrets: [apiKey] }));
		expect(text).not.toContain(apiKey);
		expect(text).not.toContain('abcdefghijklmnop');
		expect(text).not.toContain('hunter22-secret');
		expect(text).toContain('[redacted]');
	});

	it('names each call span exactly as the traceparent its MCP request carried', () => {
		const request = buildOtlpTrace(session());
		const spans = request.resourceSpans[0].scopeSpans[0].spans;
		const call = spans.find((span) => span.name === 'execute_tool forecast')!;
		expect(callTraceparent('turn-1', 'turn-1-c2')).toBe(`00-${call.traceId}-${call.spanId}-01`);
		const manual = spans.find((span) =>
			span.attributes.some(
				({ key, value }) => key === 'autoui.call.origin' && 'stringValue' in value && value.stringValue === 'manual'
			)
		)!;
		expect(callTraceparent('manual:manual_abc', 'manual_abc')).toBe(`00-${manual.traceId}-${manual.spanId}-01`);
	});
});
