import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '$lib/widgets/definitions';
import { autoui } from './autoui';
import { createWebMcpServer, type WebMcpServer } from './server';
import { fixtureSummaries, fixtureValidators, fixtureWidgets, recordingDefinitionsLoader } from './test-fixtures';

function fixtureServer(extra: Partial<Parameters<typeof createWebMcpServer>[1]> = {}): WebMcpServer {
	return createWebMcpServer('demo', {
		description: 'Demo widgets',
		widgets: fixtureWidgets,
		validators: fixtureValidators,
		...extra
	});
}

function parse(result: { content: Array<{ type: string; text?: string }> }): Record<string, unknown> {
	const part = result.content[0];
	return JSON.parse(part.type === 'text' ? (part.text ?? '') : '');
}

describe('createWebMcpServer', () => {
	it('lists the widget tools and builds its layer', async () => {
		const server = fixtureServer();
		const names = (await server.listTools()).map((tool) => tool.name);
		expect(names).toEqual(['search_recipes', 'list_recipes', 'get_recipe', 'widget_display', 'canvas', 'recall']);
		const layer = server.layer();
		expect(layer).toMatchObject({ protocol: 'webmcp', serverName: 'demo', description: 'Demo widgets' });
		expect(layer.tools).toHaveLength(6);
		expect(layer.recipes?.map((recipe) => recipe.name)).toEqual(['kpi', 'image-card', 'table']);
		const display = layer.tools.find((tool) => tool.name === 'widget_display')!;
		expect(display.inputSchema.properties?.name.enum).toEqual(['kpi', 'image-card', 'table']);
	});

	it('declares widget_display and canvas as display tools, where their data goes included', () => {
		const declared = fixtureServer()
			.layer()
			.tools.flatMap((tool) => (tool.display ? [[tool.name, tool.display]] : []));
		expect(declared).toEqual([
			['widget_display', { kind: 'widget', references: 'params', source: 'source', refreshSeconds: 'refreshSeconds' }],
			['canvas', { kind: 'canvas', references: 'params' }]
		]);
	});

	it('searches, lists and reads recipes', async () => {
		const server = fixtureServer();
		const found = (await server.callTool('search_recipes', { query: 'rows of data' })).structuredContent as {
			recipes: Array<{ name: string }>;
		};
		expect(found.recipes[0].name).toBe('table');
		const listed = (await server.callTool('list_recipes', {})).structuredContent as { recipes: unknown[] };
		expect(listed.recipes).toHaveLength(3);
		const recipe = (await server.callTool('get_recipe', { name: 'kpi' })).structuredContent as Record<string, unknown>;
		expect(recipe).toMatchObject({
			name: 'kpi',
			schema: fixtureWidgets[0].schema,
			example: { label: 'Users', value: 42 },
			whenToUse: expect.any(String),
			howToUse: expect.any(String)
		});
		const unknown = await server.callTool('get_recipe', { name: 'nope' });
		expect(unknown.isError).toBe(true);
		expect(parse(unknown).available).toEqual(['kpi', 'image-card', 'table']);
	});

	it('widget_display returns the sanitised params for the canvas', async () => {
		const result = await fixtureServer().callTool('widget_display', {
			name: 'image-card',
			params: { src: 'https://EXAMPLE.org/a.png', href: 'https://example.org' }
		});
		expect(result.isError).toBeUndefined();
		expect(result.structuredContent).toEqual({
			widget: 'image-card',
			data: { src: 'https://example.org/a.png', href: 'https://example.org/' }
		});
		expect(parse(result)).toEqual(result.structuredContent);
	});

	it('widget_display reports validation errors with details and the expected schema', async () => {
		const result = await fixtureServer().callTool('widget_display', {
			name: 'kpi',
			params: { label: 'Sales', trend: 'sideways', extra: 1 }
		});
		expect(result.isError).toBe(true);
		const body = parse(result);
		expect(body.error).toBe('Validation failed');
		expect(body.expected_schema).toEqual(fixtureWidgets[0].schema);
		expect(body.details).toEqual(
			expect.arrayContaining([
				{ path: '/value', message: 'required' },
				{ path: '/extra', message: expect.stringMatching(/not an allowed property/) },
				{ path: '/trend', message: 'must be one of: "up", "down", "flat"' }
			])
		);
	});

	it('widget_display refuses hostile URLs with the schema to retry', async () => {
		const result = await fixtureServer().callTool('widget_display', {
			name: 'image-card',
			params: { src: 'javascript:alert(1)' }
		});
		expect(result.isError).toBe(true);
		const body = parse(result);
		expect(body.details).toEqual([
			{ path: '/src', message: expect.stringMatching(/scheme "javascript:" is not allowed/) }
		]);
		expect(body.expected_schema).toBeDefined();
		const unknown = await fixtureServer().callTool('widget_display', { name: 'chart', params: {} });
		expect(unknown.isError).toBe(true);
		expect(parse(unknown).available).toEqual(['kpi', 'image-card', 'table']);
	});

	it('canvas checks its arguments and returns the command to apply', async () => {
		const server = fixtureServer();
		const call = async (args: Record<string, unknown>) => server.callTool('canvas', args);
		expect((await call({ action: 'move', id: 'w_1', params: { x: 10.4, y: '20' } })).structuredContent).toEqual({
			canvas: 'move',
			id: 'w_1',
			params: { x: 10, y: 20 }
		});
		expect(
			(await call({ action: 'resize', id: 'w_1', params: { width: 300, height: 200 } })).structuredContent
		).toEqual({ canvas: 'resize', id: 'w_1', params: { w: 300, h: 200 } });
		expect((await call({ action: 'style', id: 'w_1', params: { backgroundColor: '#fff' } })).structuredContent).toEqual(
			{ canvas: 'style', id: 'w_1', params: { 'background-color': '#fff' } }
		);
		expect((await call({ action: 'list' })).structuredContent).toEqual({ canvas: 'list' });
		expect((await call({ action: 'clear' })).structuredContent).toEqual({ canvas: 'clear' });
		expect((await call({ action: 'remove', id: 'w_1' })).structuredContent).toEqual({ canvas: 'remove', id: 'w_1' });
		expect((await call({ action: 'update', id: 'w_1', params: { value: 3 } })).structuredContent).toEqual({
			canvas: 'update',
			id: 'w_1',
			params: { value: 3 }
		});
		for (const bad of [
			{ action: 'explode' },
			{ action: 'move', params: { x: 1, y: 2 } },
			{ action: 'move', id: 'w_1', params: { x: 'left', y: 2 } },
			{ action: 'move', id: 'w_1', params: { x: 1e9, y: 2 } },
			{ action: 'resize', id: 'w_1', params: { w: 5, h: 5 } },
			{ action: 'style', id: 'w_1', params: { background: 'url(https://evil.example)' } },
			{ action: 'update', id: 'w_1' }
		]) {
			const result = await call(bad);
			expect(result.isError, JSON.stringify(bad)).toBe(true);
			expect(String(parse(result).error).length).toBeGreaterThan(10);
		}
	});

	it('answers recall from its provider, and says when nothing is stored', async () => {
		const server = fixtureServer({ recall: (id) => (id === 'toolu_1' ? 'full text' : undefined) });
		expect((await server.callTool('recall', { id: 'toolu_1' })).content).toEqual([{ type: 'text', text: 'full text' }]);
		expect((await server.callTool('recall', { id: 'toolu_2' })).isError).toBe(true);
	});

	it('reports unknown tools and thrown handlers as results, and honours abort', async () => {
		const server = fixtureServer({
			tools: [
				{
					definition: { name: 'boom', inputSchema: { type: 'object' } },
					handler: () => {
						throw new Error('kaput');
					}
				},
				{
					definition: { name: 'echo', inputSchema: { type: 'object' } },
					handler: (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] })
				}
			]
		});
		const unknown = await server.callTool('nope', {});
		expect(unknown.isError).toBe(true);
		expect(parse(unknown).error).toMatch(/available: search_recipes, .*boom, echo/);
		expect(parse(await server.callTool('boom', {})).error).toBe('boom failed: kaput');
		expect((await server.callTool('echo', { a: 1 })).content).toEqual([{ type: 'text', text: '{"a":1}' }]);
		const controller = new AbortController();
		controller.abort();
		await expect(server.callTool('list_recipes', {}, { signal: controller.signal })).rejects.toMatchObject({
			code: 'aborted'
		});
	});

	it('fails at start-up on duplicate tool names or missing validators', () => {
		expect(() =>
			fixtureServer({ tools: [{ definition: { name: 'canvas', inputSchema: {} }, handler: () => ({ content: [] }) }] })
		).toThrow(/two tools named "canvas"/);
		expect(() => createWebMcpServer('x', { description: 'x', widgets: fixtureWidgets, validators: {} })).toThrow(
			/no compiled validator/
		);
		expect(() =>
			createWebMcpServer('x', {
				description: 'x',
				widgets: [...fixtureWidgets, fixtureWidgets[0]],
				validators: fixtureValidators
			})
		).toThrow(/Duplicate widget name "kpi"/);
	});
});

describe('autoui', () => {
	it('serves every catalog widget with build-time validators; every example displays', async () => {
		expect(autoui.name).toBe('autoui');
		const offered = widgetDefinitions.filter((widget) => !widget.hostOnly);
		expect(autoui.layer().recipes?.map((recipe) => recipe.name)).toEqual(offered.map((widget) => widget.name));
		for (const widget of offered) {
			const result = await autoui.callTool('widget_display', { name: widget.name, params: widget.example });
			expect(result.isError, `${widget.name}: ${JSON.stringify(result.structuredContent)}`).toBeUndefined();
			expect(result.structuredContent).toMatchObject({ widget: widget.name });
		}
	});

	it('rejects a stat without value, with the stat schema', async () => {
		const result = await autoui.callTool('widget_display', { name: 'stat', params: { label: 'Sales' } });
		expect(result.isError).toBe(true);
		expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({
			error: 'Validation failed',
			details: [{ path: '/value', message: 'required' }],
			expected_schema: widgetDefinitions.find((widget) => widget.name === 'stat')!.schema
		});
	});
});

describe('lazy validators', () => {
	it('loads a validator source on first use and refuses checks until then', async () => {
		let loads = 0;
		const server = createWebMcpServer('lazy', {
			description: 'Lazy',
			widgets: fixtureWidgets,
			validators: async () => {
				loads++;
				return fixtureValidators;
			}
		});
		expect(server.validator!.check('kpi', { label: 'a', value: 1 })).toMatchObject({
			ok: false,
			error: 'Validators are still loading'
		});
		const shown = await server.callTool('widget_display', { name: 'kpi', params: { label: 'a', value: 1 } });
		expect(shown.isError).toBeUndefined();
		await server.callTool('widget_display', { name: 'kpi', params: { label: 'b', value: 2 } });
		expect(loads).toBe(1);
		expect(server.validator!.check('kpi', { label: 'a', value: 1 }).ok).toBe(true);
	});

	it('reports a loader missing a widget when it loads', async () => {
		const server = createWebMcpServer('lazy', {
			description: 'Lazy',
			widgets: fixtureWidgets,
			validators: async () => ({})
		});
		await expect(server.validator!.load()).rejects.toThrow(/"kpi" has no compiled validator/);
		const result = await server.callTool('widget_display', { name: 'kpi', params: {} });
		expect(result.isError).toBe(true);
	});
});

describe('on-demand definitions', () => {
	function lazyServer() {
		const loader = recordingDefinitionsLoader();
		const server = createWebMcpServer('lazy', {
			description: 'Lazy',
			widgets: fixtureSummaries,
			definitions: loader.load,
			validators: fixtureValidators
		});
		return { server, loader };
	}

	it('builds its tools, layer and recipe list from the summaries alone', async () => {
		const { server, loader } = lazyServer();
		const layer = server.layer();
		expect(layer.recipes).toEqual(fixtureWidgets.map(({ name, description }) => ({ name, description })));
		expect(layer.tools.find((tool) => tool.name === 'get_recipe')!.inputSchema.properties?.name.enum).toEqual([
			'kpi',
			'image-card',
			'table'
		]);
		expect((await server.callTool('list_recipes', {})).structuredContent).toEqual({
			recipes: fixtureWidgets.map(({ name, title, description, category }) => ({ name, title, description, category }))
		});
		expect(server.validator!.summary('table')?.defaultSize).toEqual({ w: 480, h: 320 });
		expect(server.validator!.definition('table')).toBeUndefined();
		expect(parse(await server.callTool('get_recipe', { name: 'nope' })).available).toEqual([
			'kpi',
			'image-card',
			'table'
		]);
		expect(loader.calls).toBe(0);
	});

	it('loads the definitions once for recipes, search and display, with the same answers as an eager server', async () => {
		const { server, loader } = lazyServer();
		const eager = fixtureServer();
		for (const [tool, args] of [
			['get_recipe', { name: 'kpi' }],
			['search_recipes', { query: 'rows of data' }],
			['search_recipes', { query: 'photo' }],
			['widget_display', { name: 'kpi', params: { label: 'Sales' } }],
			['widget_display', { name: 'image-card', params: { src: 'https://EXAMPLE.org/a.png' } }]
		] as const) {
			expect(await server.callTool(tool, args), `${tool} ${JSON.stringify(args)}`).toEqual(
				await eager.callTool(tool, args)
			);
		}
		expect(
			parse(await server.callTool('widget_display', { name: 'kpi', params: { label: 'Sales' } })).expected_schema
		).toEqual(fixtureWidgets[0].schema);
		expect(loader.calls).toBe(1);
		expect(server.validator!.definition('kpi')).toBe(fixtureWidgets[0]);
	});

	it('reports a failed load as a tool error and recovers on the next call', async () => {
		const { server, loader } = lazyServer();
		loader.failing = true;
		const failed = await server.callTool('get_recipe', { name: 'kpi' });
		expect(failed.isError).toBe(true);
		expect(parse(failed).error).toBe('get_recipe failed: network down');
		expect((await server.callTool('widget_display', { name: 'kpi', params: { label: 'a', value: 1 } })).isError).toBe(
			true
		);
		loader.failing = false;
		expect(
			(await server.callTool('widget_display', { name: 'kpi', params: { label: 'a', value: 1 } })).structuredContent
		).toEqual({ widget: 'kpi', data: { label: 'a', value: 1 } });
	});

	it('refuses summaries without a loader at start-up', () => {
		expect(() =>
			createWebMcpServer('x', { description: 'x', widgets: fixtureSummaries, validators: fixtureValidators })
		).toThrow(/have no schema/);
	});
});

describe('widgets the app shows by itself', () => {
	it('are validated for the canvas but never offered to the model', async () => {
		expect(autoui.layer().recipes?.some((recipe) => recipe.name === 'mcp-app')).toBe(false);
		expect(autoui.description).not.toContain('mcp-app');
		const listed = await autoui.callTool('list_recipes', {});
		expect(JSON.stringify(listed.structuredContent)).not.toContain('mcp-app');
		const displayed = await autoui.callTool('widget_display', {
			name: 'mcp-app',
			params: { server: 's', tool: 't', resource: 'ui://v', toolInput: {} }
		});
		expect(displayed.isError).toBe(true);
		await autoui.validator!.load();
		expect(
			autoui.validator!.check('mcp-app', {
				server: 's',
				tool: 't',
				resource: 'ui://v',
				toolInput: {},
				toolResult: { content: [{ type: 'text', text: 'hi' }] }
			}).ok
		).toBe(true);
	});
});
