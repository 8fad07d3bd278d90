/**
 * `createWebMcpServer`: an in-page tool server behind the same `ToolServer` interface as a
 * remote MCP connection, so the agent's dispatcher has one code path. With widgets it offers
 * recipe discovery, `widget_display`, `canvas` and `recall`; extra tools can be added.
 *
 * The server validates and sanitises; it never touches the canvas itself. `widget_display`
 * returns `structuredContent: { widget, data }` and `canvas` returns `{ canvas, id?, params? }`;
 * both declare themselves display tools (`display` on their definitions, see
 * tool-definitions.ts), so the dispatcher binds their data and applies their results through
 * the UI callbacks (`applyUiResult` in `$lib/agent`) without knowing their names.
 */
import {
	AutoUiError,
	errorMessage,
	isPlainObject,
	safeStringify,
	type CallOptions,
	type ToolCallResult,
	type ToolServer
} from '$lib/shared';
import type { WebMcpLayer, WebMcpToolDef } from '$lib/agent/types';
import type { WidgetSummary } from '$lib/widgets/types';
import type * as Recipes from './recipes';
import { widgetToolDefinitions } from './tool-definitions';
import type { ImageUrlOptions } from './sanitize/url';
import { createWidgetValidatorWith, type ValidatorSource, type WidgetValidator } from './validation/widget-validator';
import { createWidgetCatalog, type WidgetDefinitionsLoader } from './widget-catalog';

/** The catalog's build-time validators, as a lazily loaded chunk. */
const loadBuildTimeValidators = () => import('virtual:autoui-validators').then((module) => module.validators);

/** An extra tool of an in-page server. */
export interface WebMcpTool {
	/** Its definition; `display` makes it a display tool (its result is shown on the canvas). */
	definition: WebMcpToolDef;
	handler(args: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<ToolCallResult> | ToolCallResult;
}

/** Options of {@link createWebMcpServer}. */
export interface WebMcpServerOptions {
	/** What the server offers, for the system prompt. */
	description: string;
	/**
	 * Widgets it can display: full definitions, or light summaries (`widgetIndex`) together
	 * with `definitions`, which loads the full ones on first need.
	 */
	widgets?: readonly WidgetSummary[];
	/**
	 * Loads the full definitions of `widgets` (schema, example, recipe) the first time a tool
	 * needs them (`search_recipes`, `get_recipe`, `widget_display`); the tool list, the layer
	 * and `list_recipes` need only the summaries. Required when `widgets` are summaries.
	 */
	definitions?: WidgetDefinitionsLoader;
	/**
	 * Compiled validators by widget name, or a loader of them. Defaults to the build-time
	 * validators of the catalog (`virtual:autoui-validators`, loaded on first use so they
	 * stay out of the initial bundle); pass your own for widgets outside the catalog.
	 */
	validators?: ValidatorSource;
	/** Image URL policy for params (extra http hosts). */
	image?: ImageUrlOptions;
	/** Extra tools. */
	tools?: readonly WebMcpTool[];
	/** Answers `recall(id)`; without it recall reports that nothing is stored. */
	recall?: (id: string, options: { signal?: AbortSignal }) => unknown;
}

/** An in-page tool server with its layer for the agent. */
export interface WebMcpServer extends ToolServer {
	readonly protocol: 'webmcp';
	readonly description: string;
	/** Its tools, with their display declarations. */
	listTools(options?: { signal?: AbortSignal }): Promise<WebMcpToolDef[]>;
	/** The widget validator (absent when the server has no widgets). */
	readonly validator?: WidgetValidator;
	/** The layer the agent builds its prompt and tools from. */
	layer(): WebMcpLayer;
}

/** A JSON result the model reads, with the same object as structured content. */
export function jsonResult(value: unknown, isError = false): ToolCallResult {
	return {
		content: [{ type: 'text', text: safeStringify(value) }],
		structuredContent: value,
		...(isError ? { isError: true } : {})
	};
}

/** Creates an in-page tool server. Throws on duplicate tool names (a programmer error). */
export function createWebMcpServer(name: string, options: WebMcpServerOptions): WebMcpServer {
	const catalog = createWidgetCatalog(options.widgets ?? [], options.definitions);
	const hasWidgets = catalog.names.length > 0;
	// Widgets the app shows by itself (an MCP App view) are validated but never offered to the model.
	const offered = catalog.summaries.filter((widget) => !widget.hostOnly);
	const offeredNames = new Set(offered.map((widget) => widget.name));
	const validator = hasWidgets
		? // The sanitisers load with the validators (`validator.load()`), not with the page.
			createWidgetValidatorWith(
				() => import('./validation/widget-checks'),
				catalog,
				options.validators ?? loadBuildTimeValidators,
				{ image: options.image }
			)
		: undefined;
	const widgetTools = hasWidgets ? widgetToolDefinitions([...offeredNames]) : [];
	const extra = options.tools ?? [];
	const definitions = [...widgetTools, ...extra.map((tool) => tool.definition)];
	const seen = new Set<string>();
	for (const definition of definitions) {
		if (seen.has(definition.name))
			throw new AutoUiError('invalid_argument', `WebMCP server "${name}" has two tools named "${definition.name}"`);
		seen.add(definition.name);
	}
	const handlers = new Map(extra.map((tool) => [tool.definition.name, tool]));

	function unknownWidget(widgetName: unknown): ToolCallResult {
		return jsonResult(
			{
				error: `Unknown widget ${JSON.stringify(widgetName)}`,
				available: [...offeredNames],
				hint: 'call search_recipes or list_recipes'
			},
			true
		);
	}

	function known(widgetName: unknown): widgetName is string {
		return typeof widgetName === 'string' && offeredNames.has(widgetName);
	}

	// The recipe and canvas-command code loads with the first call that needs it.
	const loadRecipes = (): Promise<typeof Recipes> => import('./recipes');

	async function callWidgetTool(
		tool: string,
		args: Record<string, unknown>,
		signal?: AbortSignal
	): Promise<ToolCallResult> {
		switch (tool) {
			case 'search_recipes':
				return jsonResult({
					recipes: (await loadRecipes()).searchRecipes(
						(await catalog.load()).filter((widget) => offeredNames.has(widget.name)),
						typeof args.query === 'string' ? args.query : ''
					)
				});
			case 'list_recipes':
				return jsonResult({ recipes: offered.map((await loadRecipes()).recipeSummary) });
			case 'get_recipe': {
				if (!known(args.name)) return unknownWidget(args.name);
				await catalog.load();
				return jsonResult((await loadRecipes()).recipeDetail(catalog.definition(args.name)!));
			}
			case 'widget_display': {
				if (!known(args.name)) return unknownWidget(args.name);
				await validator!.load();
				// `select` beside params is the same as params.select (a chart, table or map that sets a parameter).
				const params =
					args.select !== undefined && (args.params === undefined || isPlainObject(args.params))
						? { ...(args.params as object), select: args.select }
						: (args.params ?? {});
				const checked = validator!.check(args.name, params, { draw: true });
				if (!checked.ok) {
					const { error, details, expected_schema } = checked;
					return jsonResult({ error, details, expected_schema }, true);
				}
				return jsonResult({ widget: args.name, data: checked.value });
			}
			case 'canvas': {
				const { checkCanvasArgs } = await import('./canvas-args');
				const checked = checkCanvasArgs(args);
				return checked.ok ? jsonResult(checked.command) : jsonResult({ error: checked.error }, true);
			}
			case 'recall': {
				const id = typeof args.id === 'string' ? args.id : '';
				const found = id && options.recall ? await options.recall(id, { signal }) : undefined;
				if (found === undefined) return jsonResult({ error: `No stored result for id ${JSON.stringify(id)}` }, true);
				return typeof found === 'string' ? { content: [{ type: 'text', text: found }] } : jsonResult(found);
			}
			default:
				throw new AutoUiError('internal', `no handler for ${tool}`);
		}
	}

	return {
		name,
		protocol: 'webmcp',
		description: options.description,
		validator,
		async listTools() {
			return definitions.map((definition) => ({ ...definition }));
		},
		async callTool(tool: string, args: Record<string, unknown>, callOptions: CallOptions = {}) {
			const { signal } = callOptions;
			if (signal?.aborted) throw new AutoUiError('aborted', `${name}.${tool} was cancelled`);
			if (!seen.has(tool)) {
				return jsonResult({ error: `Unknown tool "${tool}" on ${name}; available: ${[...seen].join(', ')}` }, true);
			}
			try {
				const handler = handlers.get(tool);
				return handler ? await handler.handler(args ?? {}, { signal }) : await callWidgetTool(tool, args ?? {}, signal);
			} catch (error) {
				if (signal?.aborted) throw new AutoUiError('aborted', `${name}.${tool} was cancelled`, { cause: error });
				return jsonResult({ error: `${tool} failed: ${errorMessage(error)}` }, true);
			}
		},
		layer() {
			return {
				protocol: 'webmcp',
				serverName: name,
				description: options.description,
				tools: definitions.map((definition) => ({ ...definition })),
				recipes: offered.map((widget) => ({ name: widget.name, description: widget.description }))
			};
		}
	};
}
