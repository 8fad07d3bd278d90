/**
 * Where the browser has WebMCP (`document.modelContext`), the tools live Views provide are
 * registered there too, under the agent's names, each View's tools with that View's own
 * `AbortSignal`: the signal aborts when the View closes (or lists new tools, which are then
 * registered again with a fresh one), and the browser releases its tools. A call from the
 * browser's agent takes the app's direct-call path (console entry, approval, limits).
 * Feature-detected: without the API nothing happens.
 */
import { appToolName } from '$lib/agent/tools/registry';
import type { AppLayer } from '$lib/agent/types';
import { errorMessage, type ToolCallResult } from '$lib/shared';
import type { ViewToolSource } from './view-tools';

/** The part of the WebMCP `ModelContext` this uses (the current draft: released by the signal). */
export interface ToolModelContext {
	registerTool(
		tool: {
			name: string;
			description: string;
			inputSchema: object;
			annotations?: { readOnlyHint?: boolean };
			execute(input: Record<string, unknown>): Promise<ToolCallResult>;
		},
		options: { signal: AbortSignal }
	): unknown;
}

/** `document.modelContext` when the browser offers one with `registerTool`. */
export function documentModelContext(scope: { document?: unknown } = globalThis): ToolModelContext | undefined {
	const candidate = (scope.document as { modelContext?: Partial<ToolModelContext> } | undefined)?.modelContext;
	return typeof candidate?.registerTool === 'function' ? (candidate as ToolModelContext) : undefined;
}

/** Options of {@link mirrorViewTools}. */
export interface MirrorOptions {
	/** Runs a call by the agent's name (the page: the direct-call path). */
	run(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
	modelContext?: ToolModelContext;
	onError?(message: string): void;
}

/** Follows `source` into the browser's model context; returns the function that stops (and releases everything). */
export function mirrorViewTools(source: ViewToolSource, options: MirrorOptions): () => void {
	const context = options.modelContext ?? documentModelContext();
	if (!context) return () => {};
	const mirrored = new Map<string, { layer: AppLayer; controller: AbortController }>();
	const register = (layer: AppLayer) => {
		const controller = new AbortController();
		mirrored.set(layer.widgetId, { layer, controller });
		for (const tool of layer.tools) {
			const name = appToolName(layer, tool.name);
			try {
				const registered = context.registerTool(
					{
						name,
						description: tool.description ?? `${tool.name}, provided by the View of ${layer.serverName}`,
						inputSchema: tool.inputSchema,
						...(tool.annotations?.readOnlyHint ? { annotations: { readOnlyHint: true } } : {}),
						execute: (input) => options.run(name, typeof input === 'object' && input ? input : {})
					},
					{ signal: controller.signal }
				);
				void Promise.resolve(registered).catch((error: unknown) =>
					options.onError?.(`WebMCP registration of ${name} failed: ${errorMessage(error)}`)
				);
			} catch (error) {
				options.onError?.(`WebMCP registration of ${name} failed: ${errorMessage(error)}`);
			}
		}
	};
	const sync = () => {
		const live = new Map(
			source.layers.flatMap((layer) =>
				layer.protocol === 'app' && layer.closed === undefined ? [[layer.widgetId, layer] as const] : []
			)
		);
		for (const [widgetId, entry] of mirrored) {
			if (live.get(widgetId) === entry.layer) continue;
			entry.controller.abort();
			mirrored.delete(widgetId);
		}
		for (const [widgetId, layer] of live) if (!mirrored.has(widgetId)) register(layer);
	};
	const unsubscribe = source.subscribe(sync);
	sync();
	return () => {
		unsubscribe();
		for (const entry of mirrored.values()) entry.controller.abort();
		mirrored.clear();
	};
}
