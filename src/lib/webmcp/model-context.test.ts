import { describe, expect, it } from 'vitest';
import type { UiCallbacks } from '$lib/agent/types';
import { findModelContext, registerWithModelContext, type ModelContextTool } from './model-context';
import { createWebMcpServer } from './server';
import { fixtureValidators, fixtureWidgets } from './test-fixtures';

const server = createWebMcpServer('demo', {
	description: 'Demo',
	widgets: fixtureWidgets,
	validators: fixtureValidators
});

/** A recording WebMCP `modelContext` in the current draft's shape. */
function recordingContext() {
	const tools = new Map<string, ModelContextTool>();
	const unregistered: string[] = [];
	return {
		tools,
		unregistered,
		registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }) {
			tools.set(tool.name, tool);
			options?.signal?.addEventListener('abort', () => tools.delete(tool.name));
		},
		unregisterTool(name: string) {
			unregistered.push(name);
			tools.delete(name);
		}
	};
}

function recordingCallbacks() {
	const calls: unknown[][] = [];
	const callbacks: UiCallbacks = {
		onWidget: (type, params, meta) => {
			calls.push(['widget', type, params, meta]);
			return { id: 'w_abc123' };
		},
		onMove: (id, x, y) => {
			calls.push(['move', id, x, y]);
			return id === 'w_abc123' ? { ok: true } : { ok: false, error: `unknown widget ${id}; ids: w_abc123` };
		},
		onList: () => ({ ok: true, data: [{ id: 'w_abc123' }] })
	};
	return { calls, callbacks };
}

describe('registerWithModelContext', () => {
	it('finds document.modelContext first, then navigator.modelContext, and ignores look-alikes', () => {
		const doc = recordingContext();
		const nav = recordingContext();
		expect(findModelContext({ document: { modelContext: doc }, navigator: { modelContext: nav } })).toBe(doc);
		expect(findModelContext({ document: {}, navigator: { modelContext: nav } })).toBe(nav);
		expect(findModelContext({ document: { modelContext: {} }, navigator: {} })).toBeUndefined();
		expect(findModelContext({})).toBeUndefined();
	});

	it('registers every tool; calls are validated and applied to the canvas callbacks', async () => {
		const context = recordingContext();
		const { calls, callbacks } = recordingCallbacks();
		const teardown = await registerWithModelContext(server, { callbacks, modelContext: context });
		expect([...context.tools.keys()]).toEqual([
			'search_recipes',
			'list_recipes',
			'get_recipe',
			'widget_display',
			'canvas',
			'recall'
		]);
		expect(context.tools.get('list_recipes')?.annotations).toEqual({ readOnlyHint: true });

		const shown = await context.tools
			.get('widget_display')!
			.execute({ name: 'kpi', params: { label: 'Users', value: 3 } });
		expect(shown.structuredContent).toEqual({ widget: 'kpi', id: 'w_abc123' });
		expect(calls[0]).toEqual([
			'widget',
			'kpi',
			{ label: 'Users', value: 3 },
			{ callId: expect.stringMatching(/^webmcp_/), dataFrom: [] }
		]);

		const invalid = await context.tools.get('widget_display')!.execute({ name: 'kpi', params: { label: 'Users' } });
		expect(invalid.isError).toBe(true);
		expect(calls).toHaveLength(1);

		const moved = await context.tools
			.get('canvas')!
			.execute({ action: 'move', id: 'w_abc123', params: { x: 16, y: 32 } });
		expect(moved.structuredContent).toEqual({ ok: true, action: 'move', id: 'w_abc123' });
		const missing = await context.tools.get('canvas')!.execute({ action: 'move', id: 'w_zzz', params: { x: 1, y: 1 } });
		expect(missing).toMatchObject({
			isError: true,
			structuredContent: { error: expect.stringMatching(/ids: w_abc123/) }
		});
		const listed = await context.tools.get('canvas')!.execute({ action: 'list' });
		expect(listed.structuredContent).toEqual({ ok: true, action: 'list', data: [{ id: 'w_abc123' }] });
		const unsupported = await context.tools.get('canvas')!.execute({ action: 'clear' });
		expect(unsupported.isError).toBe(true);

		teardown();
		expect(context.tools.size).toBe(0);
		teardown();
	});

	it('falls back to provideContext and clears it on teardown', async () => {
		const provided: ModelContextTool[][] = [];
		const context = { provideContext: ({ tools }: { tools: ModelContextTool[] }) => void provided.push(tools) };
		const teardown = await registerWithModelContext(server, { callbacks: {}, modelContext: context });
		expect(provided[0]).toHaveLength(6);
		teardown();
		expect(provided[1]).toEqual([]);
	});

	it('does nothing where the browser has no WebMCP API, and survives a throwing one', async () => {
		const teardown = await registerWithModelContext(server, { callbacks: {} });
		expect(() => teardown()).not.toThrow();
		const errors: string[] = [];
		const broken = {
			registerTool: () => {
				throw new Error('not allowed');
			}
		};
		const again = await registerWithModelContext(server, {
			callbacks: {},
			modelContext: broken,
			onError: (message) => errors.push(message)
		});
		expect(errors).toEqual(['WebMCP registration failed: not allowed']);
		expect(() => again()).not.toThrow();
	});

	it('registers the current way: registerTool(tool, { signal }) returns a Promise, the signal owns the lifetime', async () => {
		const live = new Map<string, ModelContextTool>();
		const context = {
			registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }) {
				return new Promise<void>((resolve) =>
					setTimeout(() => {
						live.set(tool.name, tool);
						options?.signal?.addEventListener('abort', () => live.delete(tool.name));
						resolve();
					}, 10)
				);
			}
		};
		const teardown = await registerWithModelContext(server, { callbacks: {}, modelContext: context });
		expect(live.size).toBe(6);
		teardown();
		expect(live.size).toBe(0);
	});

	it('reports a registration the browser rejects (a rejected Promise), and keeps the others', async () => {
		const errors: string[] = [];
		const live = new Set<string>();
		const context = {
			registerTool: async (tool: ModelContextTool) => {
				if (tool.name === 'recall') throw new Error('a tool named "recall" is already registered');
				live.add(tool.name);
			}
		};
		await registerWithModelContext(server, {
			callbacks: {},
			modelContext: context,
			onError: (message) => errors.push(message)
		});
		expect(live.size).toBe(5);
		expect(errors).toEqual(['WebMCP registration failed: recall: a tool named "recall" is already registered']);
	});

	it('feature-detects older shapes: inputSchema as a JSON string, and input as a JSON string', async () => {
		const live = new Map<string, ModelContextTool>();
		const context = {
			registerTool(tool: ModelContextTool) {
				if (typeof tool.inputSchema !== 'string')
					throw new TypeError("Failed to execute 'registerTool': inputSchema must be a string");
				live.set(tool.name, tool);
			},
			unregisterTool: (name: string) => void live.delete(name)
		};
		const { calls, callbacks } = recordingCallbacks();
		const teardown = await registerWithModelContext(server, { callbacks, modelContext: context });
		expect(live.size).toBe(6);
		expect(JSON.parse(live.get('widget_display')!.inputSchema as unknown as string)).toMatchObject({ type: 'object' });
		const shown = await live
			.get('widget_display')!
			.execute(JSON.stringify({ name: 'kpi', params: { label: 'Users', value: 3 } }) as never);
		expect(shown.structuredContent).toEqual({ widget: 'kpi', id: 'w_abc123' });
		expect(calls).toHaveLength(1);
		teardown();
		expect(live.size).toBe(0);
	});
});
