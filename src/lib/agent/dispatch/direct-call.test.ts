/**
 * Direct calls reuse the tools they were built for: a registry the caller gives is used as
 * it is, and one built from the layers is kept while the layers describe the same tools.
 */
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from '../loop/loop';
import { createAgentState } from '../loop/state';
import { createMockProvider, dataServer, lastToolResults } from '../testing';
import { buildToolRegistry } from '../tools/registry';
import { runDirectCall, type DirectCallCache } from './direct-call';

function shop() {
	return dataServer('shop', [
		{
			name: 'orders',
			description: 'List orders',
			inputSchema: { type: 'object', properties: {} },
			handler: () => ({ orders: 2 })
		},
		{
			name: 'refunds',
			description: 'List refunds',
			inputSchema: { type: 'object', properties: {} },
			handler: () => ({ refunds: 0 })
		}
	]);
}

describe('the tools of direct calls', () => {
	it('are kept while the layers describe the same tools, and rebuilt when they change', async () => {
		const { layer, server } = shop();
		const cache: DirectCallCache = {};
		const context = (tools = layer.tools) => ({
			layers: [{ ...layer, tools: tools.map((tool) => ({ ...tool })) }],
			servers: [server],
			state: createAgentState(),
			emit: () => {},
			cache
		});
		const call = (tool: string, tools?: typeof layer.tools) =>
			runDirectCall({ tool, args: {}, origin: 'manual' }, context(tools));
		expect(await call('shop_mcp_orders', layer.tools.slice(0, 1))).toMatchObject({ ok: true, value: { orders: 2 } });
		const first = cache.registry;
		expect(await call('shop_mcp_orders', layer.tools.slice(0, 1))).toMatchObject({ ok: true });
		expect(cache.registry).toBe(first);
		// The server now lists a second tool: the next call sees it.
		expect(await call('shop_mcp_refunds')).toMatchObject({ ok: true, value: { refunds: 0 } });
		expect(cache.registry).not.toBe(first);
	});

	it('use the registry the caller built, in direct calls and in turns', async () => {
		const { layer, server } = shop();
		const registry = buildToolRegistry([layer]);
		// No layers: only the given registry can name the tool.
		const outcome = await runDirectCall(
			{ tool: 'shop_mcp_orders', args: {}, origin: 'manual' },
			{ layers: [], servers: [server], registry, state: createAgentState(), emit: () => {} }
		);
		expect(outcome).toMatchObject({ ok: true, value: { orders: 2 } });
		const provider = createMockProvider([
			{ toolCalls: [{ id: 'c1', name: 'shop_mcp_orders', input: {} }] },
			{ text: 'Two orders.' }
		]);
		const result = await runAgentLoop('orders?', { provider, layers: [], servers: [server], registry, lazy: false });
		expect(result.reason).toBe('end_turn');
		expect(lastToolResults(provider.requests[1], { raw: true })[0].content).toContain('{"orders":2}');
	});
});

describe('the call budget', () => {
	it('is spent by the model only: 300 refreshes leave the agent its session budget', async () => {
		const { layer, server } = shop();
		const state = createAgentState();
		const context = { layers: [layer], servers: [server], state, emit: () => {}, policy: { maxCallsPerSession: 5 } };
		for (let index = 0; index < 300; index++) {
			expect(await runDirectCall({ tool: 'shop_mcp_orders', args: {}, origin: 'refresh' }, context)).toMatchObject({
				ok: true
			});
		}
		expect(state.totalCalls).toBe(0);
		const provider = createMockProvider([
			{ toolCalls: [{ id: 'c1', name: 'shop_mcp_orders', input: {} }] },
			{ text: 'Two orders.' }
		]);
		await runAgentLoop('How many orders?', {
			provider,
			layers: [layer],
			servers: [server],
			state,
			lazy: false,
			policy: { maxCallsPerSession: 5 }
		});
		const results = lastToolResults(provider.requests[1]);
		expect(results).toHaveLength(1);
		expect(JSON.stringify(results)).not.toContain('limit');
		expect(state.totalCalls).toBe(1);
	});
});
