/**
 * The loop against a real MCP server from npm (server-everything over Streamable HTTP,
 * through McpConnection): search → call, structuredContent preferred, images summarised,
 * progress reported, argument validation against the server's own schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from '$lib/mcp';
import { startEverything, type RunningServer } from '../../../../tests/fixtures/mcp/launchers';
import type { AgentEvent } from '../events';
import { runAgentLoop } from './loop';
import { createAgentState } from './state';
import { createMockProvider, lastToolResults, runOn } from '../testing';

describe('loop with server-everything', () => {
	let server: RunningServer;
	let connection: McpConnection;
	beforeAll(async () => {
		server = await startEverything({ mode: 'streamableHttp' });
		connection = new McpConnection({ name: 'Everything', url: server.url });
		await connection.connect();
	});
	afterAll(async () => {
		await connection?.close();
		await server?.stop();
	});

	it('goes from search_tools to real calls and unwraps real MCP results', async () => {
		const events: AgentEvent[] = [];
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'everything_mcp_search_tools', input: { query: 'sum' } }] },
			(request) => {
				const answer = JSON.parse(lastToolResults(request)[0].content);
				const sum = answer.matches.find((match: { name: string }) => match.name.endsWith('get-sum'));
				return { toolCalls: [{ name: sum.name, input: { a: 2, b: 40 } }] };
			},
			{
				toolCalls: [
					{ name: 'everything_mcp_get-structured-content', input: { location: 'Chicago' } },
					{ name: 'everything_mcp_get-tiny-image' },
					{ name: 'everything_mcp_trigger-long-running-operation', input: { duration: 0.3, steps: 3 } },
					{ name: 'everything_mcp_get-sum', input: { a: 'two' } }
				]
			},
			{ text: 'done' }
		]);
		const result = await runAgentLoop('add 2 and 40', {
			...runOn(provider, { layer: connection.layer(), server: connection }),
			state: createAgentState(),
			onEvent: (event) => events.push(event)
		});
		expect(result.reason).toBe('end_turn');
		expect(provider.requests[1].tools.map((tool) => tool.name)).toContain('everything_mcp_get-sum');
		expect(lastToolResults(provider.requests[2])[0].content).toContain('42');
		const [structured, image, longRunning, invalid] = lastToolResults(provider.requests[3]);
		expect(JSON.parse(structured.content)).toMatchObject({
			temperature: expect.any(Number),
			conditions: expect.any(String)
		});
		expect(image.content).toMatch(/\[image: image\/png, [\d.]+ (KB|B) — not shown\]/);
		expect(image.content.length).toBeLessThan(1000);
		expect(longRunning.is_error).toBeUndefined();
		expect(events.filter((event) => event.type === 'tool-progress').length).toBeGreaterThan(0);
		expect(invalid.is_error).toBe(true);
		expect(JSON.parse(invalid.content)).toMatchObject({
			error: 'Validation failed',
			expected_schema: { properties: { a: { type: 'number' } } }
		});
		expect(result.calls.map((call) => call.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'validation_failed']);
	});
});
