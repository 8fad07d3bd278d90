import { describe, expect, it } from 'vitest';
import type { AgentEvent, WarningEvent } from '../events';
import { runAgentLoop } from '../loop/loop';
import type { ToolCallMetrics } from '../loop/loop-types';
import { createAgentState } from '../loop/state';
import { createMockProvider, dataServer, delay, displayServer, withoutReferenceNote } from '../testing';
import type { ToolResultBlock } from '../types';
import { resultsOf } from './test-fixtures';

const schema = { type: 'object', properties: {} };

describe('dispatch: truncation, compression and recall', () => {
	const rows = Array.from({ length: 2000 }, (_, index) => ({ id: index, name: `item ${index}` }));

	it("truncates a large JSON result to valid JSON and recall returns the full text (not the server's recall)", async () => {
		const data = dataServer('Big', [
			{ name: 'rows', description: 'r', inputSchema: schema, handler: () => ({ rows }) }
		]);
		const ui = displayServer();
		const provider = createMockProvider([
			{ toolCalls: [{ id: 'big1', name: 'big_mcp_rows' }] },
			{ toolCalls: [{ name: 'autoui_webmcp_recall', input: { id: 'big1', offset: 0, length: 100_000 } }] },
			{ text: 'ok' }
		]);
		const result = await runAgentLoop('x', {
			provider,
			layers: [data.layer, ui.layer],
			servers: [data.server, ui.server],
			lazy: false
		});
		const [block] = resultsOf(provider.requests[1]);
		expect(block.content.length).toBeLessThanOrEqual(10_000);
		const parsed = JSON.parse(block.content);
		expect(parsed._truncated.droppedItems.rows).toBe(2000 - parsed.rows.length);
		expect(parsed._truncated.note).toContain("autoui_webmcp_recall('big1')");
		expect(result.calls[0]).toMatchObject({ truncated: true, size: JSON.stringify({ rows }).length });
		const recalled = resultsOf(provider.requests[2])[0].content;
		expect(recalled).toMatch(
			/^\[recall big1: characters 0–9700 of \d+\. Call recall with id "big1" and offset 9700 for the rest\.\]/
		);
		expect(ui.server.calls).toEqual([]);
		const recallTool = provider.requests[0].tools.find((tool) => tool.name === 'autoui_webmcp_recall')!;
		expect(Object.keys(recallTool.input_schema.properties!)).toEqual(['id', 'offset', 'length']);
		expect(recallTool.description).toBe('Read a stored result');
	});

	it('compresses results older than 2 iterations and recalls them in a later turn', async () => {
		const data = dataServer('Big', [
			{
				name: 'rows',
				description: 'r',
				inputSchema: { type: 'object', properties: { page: { type: 'number' } } },
				handler: (args) => ({ page: args.page, rows: rows.slice(0, 40) })
			}
		]);
		const state = createAgentState();
		const events: AgentEvent[] = [];
		const provider = createMockProvider([
			{ toolCalls: [{ id: 'p1', name: 'big_mcp_rows', input: { page: 1 } }] },
			{ toolCalls: [{ id: 'p2', name: 'big_mcp_rows', input: { page: 2 } }] },
			{ toolCalls: [{ id: 'p3', name: 'big_mcp_rows', input: { page: 3 } }] },
			{ text: 'first turn done' },
			{ toolCalls: [{ id: 'r1', name: 'recall', input: { id: 'p1', offset: null, length: null } }] },
			{ text: 'second turn done' }
		]);
		const first = await runAgentLoop('pages', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			lazy: false,
			state,
			onEvent: (event) => events.push(event)
		});
		const full = JSON.stringify({ page: 1, rows: rows.slice(0, 40) });
		const p1In = (index: number) =>
			provider.requests[index].messages
				.flatMap((message): Array<{ type: string }> => message.content)
				.find(
					(block): block is ToolResultBlock =>
						block.type === 'tool_result' && (block as ToolResultBlock).tool_use_id === 'p1'
				)!;
		expect(withoutReferenceNote(p1In(1).content)).toBe(full);
		expect(withoutReferenceNote(p1In(2).content)).toBe(full);
		expect(p1In(3).content).toBe(`${full.slice(0, 200)}… [recall('p1') for the full result, ${full.length} chars]`);
		expect(events.find((event) => event.type === 'compression')).toMatchObject({ iteration: 4, callIds: ['p1'] });
		await runAgentLoop('show page 1 again', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			lazy: false,
			state,
			history: first.messages
		});
		const recalled = resultsOf(provider.requests[5])[0];
		expect(recalled.content).toBe(full);
		const roles = provider.requests[5].messages.map((message) => message.role);
		expect(roles.every((role, index) => role === (index % 2 === 0 ? 'user' : 'assistant'))).toBe(true);
	});

	it('says which ids exist when recall gets an unknown id', async () => {
		const provider = createMockProvider([{ toolCalls: [{ name: 'recall', input: { id: 'nope' } }] }, { text: 'ok' }]);
		await runAgentLoop('x', { provider, layers: [], servers: [] });
		expect(resultsOf(provider.requests[1])[0].content).toMatch(
			/No stored result has id "nope"\. No results are stored yet\./
		);
	});
});

describe('dispatch: loop detection and metrics', () => {
	it('warns in the result and with an event on the third identical call in a session', async () => {
		const data = dataServer('Echo', [
			{
				name: 'say',
				description: 's',
				inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
				handler: () => 'same'
			}
		]);
		const events: AgentEvent[] = [];
		const state = createAgentState();
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'echo_mcp_say', input: { a: 1, b: 2 } }] },
			{ toolCalls: [{ name: 'echo_mcp_say', input: { b: 2, a: 1 } }] },
			{ text: 'turn 1' },
			{ toolCalls: [{ name: 'echo_mcp_say', input: { a: 1, b: 2 } }] },
			{ text: 'turn 2' }
		]);
		const options = {
			provider,
			layers: [data.layer],
			servers: [data.server],
			lazy: false,
			state,
			onEvent: (event: AgentEvent) => events.push(event)
		};
		const first = await runAgentLoop('1', options);
		await runAgentLoop('2', { ...options, history: first.messages });
		expect(resultsOf(provider.requests[1])[0].content).toBe('same');
		expect(resultsOf(provider.requests[2])[0].content).toBe('same');
		expect(resultsOf(provider.requests[4])[0].content).toMatch(
			/^same\n\n\[Warning: You called echo_mcp_say with the same arguments 3 times/
		);
		const warnings = events.filter(
			(event): event is WarningEvent => event.type === 'warning' && event.code === 'loop_detected'
		);
		expect(warnings).toHaveLength(1);
	});

	it('reports per-call metrics (seed 001 fields) and guided when discovery came first', async () => {
		const data = dataServer('Docs', [
			{ name: 'list_recipes', description: 'recipes', inputSchema: schema, handler: () => ['r'] },
			{
				name: 'read',
				description: 'r',
				inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
				handler: async () => {
					await delay(20);
					return 'text';
				}
			}
		]);
		const metrics: ToolCallMetrics[] = [];
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'docs_mcp_read', input: { path: '/a' } }] },
			{ toolCalls: [{ name: 'docs_mcp_list_recipes' }, { name: 'docs_mcp_read', input: { path: '/b' } }] },
			{ text: 'ok' }
		]);
		const result = await runAgentLoop('x', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			callbacks: { onToolCall: (call) => metrics.push(call) }
		});
		expect(metrics).toHaveLength(3);
		expect(metrics[0]).toMatchObject({
			id: 'toolu_1_1',
			name: 'docs_mcp_read',
			server: 'Docs',
			protocol: 'mcp',
			tool: 'read',
			args: { path: '/a' },
			result: expect.stringMatching(/^text\n\n\[Result id: toolu_1_1\. /),
			guided: false,
			iteration: 1
		});
		expect(metrics[0].elapsed).toBeGreaterThanOrEqual(15);
		expect(metrics[2]).toMatchObject({ name: 'docs_mcp_read', guided: true });
		expect(result.steps).toHaveLength(3);
		expect(result.steps[0]).toMatchObject({
			iteration: 1,
			usage: { inputTokens: 100, outputTokens: 20 },
			toolCalls: 1,
			stopReason: 'tool_use'
		});
		expect(result.usage).toEqual({ inputTokens: 300, outputTokens: 60, cacheReadTokens: 0, cacheWriteTokens: 0 });
	});
});
