import { describe, expect, it } from 'vitest';
import { createMockProvider, dataServer } from '$lib/agent/testing';
import { eagerRun, recordTurn } from '$lib/agent/testing';
import { buildOtlpTrace } from './export';

describe('trace context propagation', () => {
	it('hands each MCP call the traceparent of the execute_tool span the export writes for it', async () => {
		const seen: (string | undefined)[] = [];
		const data = dataServer('Sales', [
			{
				name: 'total',
				description: 'total sales',
				inputSchema: { type: 'object', properties: {} },
				handler: (_args, options) => {
					seen.push(options.traceparent);
					return '42';
				}
			}
		]);
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'sales_mcp_total' }, { name: 'sales_mcp_total' }] },
			{ text: 'ok' }
		]);
		const events = await recordTurn('x', eagerRun(provider, data));
		const spans = buildOtlpTrace(events).resourceSpans[0].scopeSpans[0].spans.filter(
			(span) => span.name === 'execute_tool total'
		);
		expect(spans).toHaveLength(2);
		expect(seen.sort()).toEqual(spans.map((span) => `00-${span.traceId}-${span.spanId}-01`).sort());
		expect(new Set(spans.map((span) => span.spanId)).size).toBe(2);
	});
});
