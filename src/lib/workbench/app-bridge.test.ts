import { describe, expect, it } from 'vitest';
import type { McpConnection } from '$lib/mcp';
import { buildToolRegistry } from '$lib/agent/tools/registry';
import type { ToolLayer } from '$lib/agent/types';
import { createWorkbenchDeps } from './app-bridge';

const layers = (): ToolLayer[] => [
	{
		protocol: 'mcp',
		serverName: 'everything',
		serverUrl: 'http://127.0.0.1:1/mcp',
		tools: [{ name: 'get-sum', inputSchema: { type: 'object' } }]
	}
];
/** What the page's tool hub offers the bridge: the registry of those layers. */
const tools = { ready: async () => undefined, registry: buildToolRegistry(layers()) };

describe('the workbench bridge', () => {
	it('sends manual calls and Show on canvas through the direct-call contract, under registry names', async () => {
		const calls: unknown[] = [];
		const shows: unknown[] = [];
		const session = {
			async callTool(request: unknown) {
				calls.push(request);
				return { ok: true, callId: 'call-1', value: 5, elapsedMs: 3 };
			}
		};
		const canvas = {
			async showFromSource(request: unknown) {
				shows.push(request);
				return { id: 'widget-1' };
			}
		};
		const deps = createWorkbenchDeps({ tools, connection: () => undefined, session, canvas });
		const outcome = await deps.callTool({
			server: 'everything',
			tool: 'get-sum',
			args: { a: 2, b: 3 },
			timeoutMs: 5000
		});
		expect(outcome).toMatchObject({ ok: true, callId: 'call-1' });
		expect(calls).toEqual([
			{
				tool: 'everything_mcp_get-sum',
				args: { a: 2, b: 3 },
				origin: 'manual',
				signal: undefined,
				timeoutMs: 5000,
				onProgress: undefined
			}
		]);

		const shown = await deps.showOnCanvas!({
			widget: 'json',
			params: { data: { $ref: 'source' } },
			source: { server: 'everything', tool: 'get-sum', args: { a: 1, b: 1 } },
			title: 'Sum'
		});
		expect(shown).toEqual({ id: 'widget-1' });
		expect(shows).toEqual([
			{
				widget: 'json',
				params: { data: { $ref: 'source' } },
				source: { tool: 'everything_mcp_get-sum', args: { a: 1, b: 1 }, refreshSeconds: undefined },
				title: 'Sum'
			}
		]);

		expect(await deps.callTool({ server: 'gone', tool: 'x', args: {} })).toMatchObject({
			ok: false,
			code: 'unknown_tool'
		});
	});

	it('falls back to the connection and a one-off widget when the session and canvas lack those methods', async () => {
		const connection = {
			async callTool(name: string, args: Record<string, unknown>) {
				return {
					content: [
						{
							type: 'text' as const,
							text: JSON.stringify({ rows: [{ name, total: Number(args.a) + Number(args.b) }] })
						}
					]
				};
			}
		} as unknown as McpConnection;
		const added: Array<{ type: string; params: Record<string, unknown> }> = [];
		const deps = createWorkbenchDeps({
			tools,
			connection: () => connection,
			session: {},
			canvas: {},
			widgets: {
				onWidget(type, params) {
					added.push({ type, params });
					return { id: 'w' };
				}
			}
		});
		const outcome = await deps.callTool({ server: 'everything', tool: 'get-sum', args: { a: 2, b: 3 } });
		expect(outcome).toMatchObject({ ok: true, value: { rows: [{ name: 'get-sum', total: 5 }] } });
		await deps.showOnCanvas!({
			widget: 'data-table',
			params: { rows: { $ref: 'source#/rows' } },
			source: { server: 'everything', tool: 'get-sum', args: { a: 1, b: 2 } },
			title: 'Sums'
		});
		expect(added).toEqual([{ type: 'data-table', params: { rows: [{ name: 'get-sum', total: 3 }], title: 'Sums' } }]);
	});
});
