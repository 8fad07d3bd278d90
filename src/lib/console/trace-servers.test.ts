import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { buildTrace, parseTrace, serializeTrace } from './trace';

const result: AgentEvent = {
	type: 'tool-result',
	at: 2,
	turnId: 't',
	iteration: 0,
	callId: 'c',
	name: 'weather_mcp_forecast',
	resolvedName: 'weather_mcp_forecast',
	server: 'weather',
	protocol: 'mcp',
	tool: 'forecast',
	result: 'Paris: 18',
	elapsedMs: 40,
	size: 9,
	truncated: false,
	recallId: 'c',
	output: { content: [{ type: 'text', text: 'Paris: 18' }], structuredContent: { tempC: 18 } }
};

describe('traces for replay', () => {
	it('write the servers (address, revision, tools) and keep each answer, redacted like the rest', () => {
		const trace = buildTrace([result], {
			secrets: ['sk-secret-value'],
			servers: {
				weather: {
					url: 'http://127.0.0.1:1/mcp',
					protocolVersion: '2025-11-25',
					tools: [
						{
							name: 'forecast',
							description: 'Forecast with sk-secret-value',
							inputSchema: { type: 'object' },
							annotations: { readOnlyHint: true },
							// Not part of a tool's record in the trace.
							_meta: { big: true }
						} as never
					]
				}
			}
		});
		expect(trace.servers?.weather).toEqual({
			url: 'http://127.0.0.1:1/mcp',
			protocolVersion: '2025-11-25',
			tools: [
				{
					name: 'forecast',
					description: 'Forecast with [redacted]',
					inputSchema: { type: 'object' },
					annotations: { readOnlyHint: true }
				}
			]
		});
		const read = parseTrace(serializeTrace(trace));
		expect(read.servers).toEqual(trace.servers);
		expect(read.events[0]).toMatchObject({ output: { structuredContent: { tempC: 18 } } });
	});
	it('reads a trace without servers as before', () => {
		const read = parseTrace(serializeTrace(buildTrace([result])));
		expect(read.servers).toBeUndefined();
		expect(read.events).toHaveLength(1);
	});
});
