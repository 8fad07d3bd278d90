import { describe, expect, it } from 'vitest';
import { AutoUiError } from '$lib/shared';
import type { AgentEvent, ToolErrorEvent } from '../events';
import { runAgentLoop } from '../loop/loop';
import { createMockProvider, dataServer, delay, displayServer, lastToolResults, recordTurn } from '../testing';
import { eagerRun, runOn } from '../testing';
import { resultsOf } from './test-fixtures';

const schema = { type: 'object', properties: {} };

describe('dispatch: concurrency and order', () => {
	it('runs k calls of latency L in about L, not k·L, and returns results in the original order', async () => {
		const latency = 150;
		const data = dataServer('Slow', [
			{
				name: 'wait',
				description: 'waits',
				inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
				handler: async (args, options) => {
					await delay(latency - Number(args.n) * 20, options.signal);
					return `done ${args.n}`;
				}
			}
		]);
		const provider = createMockProvider([
			{ toolCalls: [0, 1, 2, 3].map((n) => ({ name: 'slow_mcp_wait', input: { n } })) },
			{ text: 'ok' }
		]);
		const started = Date.now();
		await runAgentLoop('x', { provider, layers: [data.layer], servers: [data.server], lazy: false });
		const elapsed = Date.now() - started;
		expect(elapsed).toBeLessThan(latency * 2.5);
		expect(resultsOf(provider.requests[1]).map((block) => block.content)).toEqual([
			'done 0',
			'done 1',
			'done 2',
			'done 3'
		]);
		expect(resultsOf(provider.requests[1]).map((block) => block.tool_use_id)).toEqual([
			'toolu_1_1',
			'toolu_1_2',
			'toolu_1_3',
			'toolu_1_4'
		]);
	});

	it('limits concurrent calls per server', async () => {
		let running = 0;
		let peak = 0;
		const data = dataServer('Busy', [
			{
				name: 'work',
				description: 'w',
				inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
				handler: async () => {
					running++;
					peak = Math.max(peak, running);
					await delay(30);
					running--;
					return 'ok';
				}
			}
		]);
		const provider = createMockProvider([
			{ toolCalls: Array.from({ length: 7 }, (_, n) => ({ name: 'busy_mcp_work', input: { n } })) },
			{ text: 'ok' }
		]);
		await runAgentLoop('x', {
			...eagerRun(provider, data),
			policy: { maxConcurrentPerServer: 2 }
		});
		expect(peak).toBe(2);
		expect(data.server.calls).toHaveLength(7);
	});
});

describe('dispatch: errors are data', () => {
	it('answers an unknown tool with the available names', async () => {
		const data = dataServer('Docs', [{ name: 'read', description: 'r', inputSchema: schema }]);
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'nope_mcp_x' }, { name: 'docs_mcp_write' }] },
			{ text: 'ok' }
		]);
		const events = await recordTurn('x', runOn(provider, data));
		const [unknown, wrongTool] = resultsOf(provider.requests[1]);
		expect(unknown.is_error).toBe(true);
		expect(unknown.content).toMatch(
			/Unknown tool "nope_mcp_x"\. Available tools: docs_mcp_search_tools, docs_mcp_list_tools, recall/
		);
		expect(wrongTool.content).toMatch(/Docs has no such tool\. Its tools: docs_mcp_read/);
		expect(
			events.filter((event): event is ToolErrorEvent => event.type === 'tool-error').map((event) => event.code)
		).toEqual(['unknown_tool', 'unknown_tool']);
	});

	it('rejects invalid arguments with details and the expected schema, without calling the server', async () => {
		const data = dataServer('Geo', [
			{
				name: 'near',
				description: 'n',
				inputSchema: {
					type: 'object',
					properties: { lat: { type: 'number' }, lng: { type: 'number' } },
					required: ['lat', 'lng']
				}
			}
		]);
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'geo_mcp_near', input: { lat: 'north' } }] },
			{ text: 'ok' }
		]);
		await runAgentLoop('x', { provider, layers: [data.layer], servers: [data.server], lazy: false });
		const [block] = resultsOf(provider.requests[1]);
		const error = JSON.parse(block.content);
		expect(block.is_error).toBe(true);
		expect(error.error).toBe('Validation failed');
		expect(error.details).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ path: '/lat' }),
				expect.objectContaining({ path: '/', message: expect.stringContaining('lng') })
			])
		);
		expect(error.expected_schema.required).toEqual(['lat', 'lng']);
		expect(data.server.calls).toEqual([]);
	});

	it('answers a call whose JSON arguments were malformed with an error the model can correct from', async () => {
		const data = dataServer('Geo', [
			{
				name: 'near',
				description: 'n',
				inputSchema: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] }
			}
		]);
		const invalidArguments = { raw: '{"lat": 48.8', error: 'Unexpected end of JSON input' };
		const provider = createMockProvider([{ toolCalls: [{ name: 'geo_mcp_near', invalidArguments }] }, { text: 'ok' }]);
		const events = await recordTurn('x', eagerRun(provider, data));
		const [block] = resultsOf(provider.requests[1]);
		expect(block.is_error).toBe(true);
		const error = JSON.parse(block.content);
		expect(error.error).toMatch(/not valid JSON \(Unexpected end of JSON input\)/);
		expect(error.received).toBe('{"lat": 48.8');
		expect(error.expected_schema.required).toEqual(['lat']);
		expect(data.server.calls).toEqual([]);
		expect(events.find((event): event is ToolErrorEvent => event.type === 'tool-error')?.code).toBe('invalid_argument');
	});

	it('turns MCP isError results, thrown handlers, missing connections and timeouts into error results', async () => {
		const data = dataServer('Flaky', [
			{
				name: 'fails',
				description: 'f',
				inputSchema: schema,
				handler: () => ({ content: [{ type: 'text', text: 'table not found' }], isError: true })
			},
			{
				name: 'throws',
				description: 't',
				inputSchema: schema,
				handler: () => {
					throw new AutoUiError('mcp_disconnected', 'connection lost');
				}
			},
			{ name: 'hangs', description: 'h', inputSchema: schema, handler: () => new Promise(() => undefined) }
		]);
		const ghost = dataServer('Ghost', [{ name: 'x', description: 'x', inputSchema: schema }]);
		const provider = createMockProvider([
			{
				toolCalls: [
					{ name: 'flaky_mcp_fails' },
					{ name: 'flaky_mcp_throws' },
					{ name: 'flaky_mcp_hangs' },
					{ name: 'ghost_mcp_x' }
				]
			},
			{ text: 'ok' }
		]);
		const events: AgentEvent[] = [];
		const result = await runAgentLoop('x', {
			provider,
			layers: [data.layer, ghost.layer],
			servers: [data.server],
			lazy: false,
			policy: { timeoutMs: 80 },
			onEvent: (event) => events.push(event)
		});
		const blocks = resultsOf(provider.requests[1]);
		expect(blocks.every((block) => block.is_error)).toBe(true);
		expect(blocks[0].content).toBe('table not found');
		expect(blocks[1].content).toMatch(/mcp_disconnected.*connection lost/);
		expect(blocks[2].content).toMatch(/did not answer within 80 ms/);
		expect(blocks[3].content).toMatch(/Ghost \(mcp\) is not connected/);
		expect(result.calls.map((call) => call.code)).toEqual([
			'mcp_tool_error',
			'mcp_disconnected',
			'timeout',
			'unknown_server'
		]);
		expect(result.reason).toBe('end_turn');
	});
});

describe('dispatch: UI special cases', () => {
	it('sends widget_display results to onWidget with provenance and writes the id into the result', async () => {
		const data = dataServer('Sales', [
			{ name: 'total', description: 't', inputSchema: schema, handler: () => ({ total: 42 }) }
		]);
		const ui = displayServer();
		const seen: unknown[] = [];
		const provider = createMockProvider([
			{ toolCalls: [{ id: 'd1', name: 'sales_mcp_total' }] },
			{
				toolCalls: [
					{
						id: 'w1',
						name: 'autoui_webmcp_widget_display',
						input: { name: 'stat', params: { label: 'Total', value: 42 } }
					}
				]
			},
			(request) => {
				const shown = JSON.parse(lastToolResults(request)[0].content);
				return {
					toolCalls: [
						{ name: 'autoui_webmcp_canvas', input: { action: 'move', id: shown.id, params: { x: 10, y: 20 } } }
					]
				};
			},
			{ text: 'ok' }
		]);
		const result = await runAgentLoop('x', {
			...eagerRun(provider, data, ui),
			callbacks: {
				onWidget: (type, params, meta) => {
					seen.push({ type, params, meta });
					return { id: 'w_777' };
				},
				onMove: (id, x, y) => (id === 'w_777' ? { ok: true, data: { x, y } } : { ok: false, error: `unknown id ${id}` })
			}
		});
		// The meta names the turn, so the canvas places one turn's widgets together.
		expect(seen).toEqual([
			{
				type: 'stat',
				params: { label: 'Total', value: 42 },
				meta: { callId: 'w1', dataFrom: ['d1'], turnId: expect.stringMatching(/^turn_/) }
			}
		]);
		expect(JSON.parse(resultsOf(provider.requests[2])[0].content)).toEqual({ widget: 'stat', id: 'w_777' });
		expect(JSON.parse(resultsOf(provider.requests[3])[0].content)).toEqual({
			ok: true,
			action: 'move',
			id: 'w_777',
			data: { x: 10, y: 20 }
		});
		expect(result.calls[1].widgetId).toBe('w_777');
	});

	it('passes widget validation errors through and reports callback errors as errors', async () => {
		const ui = displayServer();
		const provider = createMockProvider([
			{
				toolCalls: [
					{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label: 'x' } } },
					{ name: 'autoui_webmcp_canvas', input: { action: 'resize', id: 'w_missing', params: { w: 100, h: 50 } } }
				]
			},
			{ text: 'ok' }
		]);
		await runAgentLoop('x', {
			...runOn(provider, ui),
			callbacks: {
				onWidget: () => ({ id: 'never' }),
				onResize: (id) => ({ ok: false, error: `No widget ${id}; ids: w_1` })
			}
		});
		const [widget, canvas] = resultsOf(provider.requests[1]);
		expect(widget.is_error).toBe(true);
		expect(JSON.parse(widget.content)).toMatchObject({
			error: 'Validation failed',
			expected_schema: { required: ['label', 'value'] }
		});
		expect(canvas.is_error).toBe(true);
		expect(JSON.parse(canvas.content)).toEqual({ ok: false, action: 'resize', error: 'No widget w_missing; ids: w_1' });
	});

	it('applies UI effects in call order even when calls finish out of order', async () => {
		const ui = displayServer();
		const order: string[] = [];
		const provider = createMockProvider([
			{
				toolCalls: [
					{ name: 'autoui_webmcp_canvas', input: { action: 'clear' } },
					{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label: 'a', value: 1 } } }
				]
			},
			{ text: 'ok' }
		]);
		await runAgentLoop('x', {
			...runOn(provider, ui),
			callbacks: {
				onClear: () => (order.push('clear'), { ok: true }),
				onWidget: () => (order.push('widget'), { id: 'w_1' })
			}
		});
		expect(order).toEqual(['clear', 'widget']);
	});
});
