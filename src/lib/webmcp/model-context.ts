/**
 * Registers an in-page server's tools with the browser's WebMCP API (`document.modelContext`
 * in the current draft, `navigator.modelContext` in earlier ones), so agents built into the
 * browser can drive the canvas. Their calls go through the same validation as the agent
 * loop's and reach the canvas through the same UI callbacks. Feature-detected: where the API
 * is absent nothing is registered and teardown is a no-op.
 */
import { errorMessage, randomId, type ToolCallResult } from '$lib/shared';
import { applyUiResult } from '$lib/agent/ui-results';
import type { UiCallbacks } from '$lib/agent/types';
import { jsonResult, type WebMcpServer } from './server';

/** A tool as the WebMCP API takes it. */
export interface ModelContextTool {
	name: string;
	description: string;
	inputSchema: object;
	execute(input: Record<string, unknown>, client?: unknown): Promise<ToolCallResult>;
	annotations?: { readOnlyHint?: boolean };
}

/** The parts of the WebMCP `ModelContext` interface we use (all optional: drafts differ). */
export interface ModelContextLike {
	registerTool?(tool: ModelContextTool, options?: { signal?: AbortSignal }): unknown;
	unregisterTool?(name: string): void;
	provideContext?(context: { tools: ModelContextTool[] }): void;
	clearContext?(): void;
}

/** The browser's model context, if it offers one. */
export function findModelContext(scope: { document?: unknown; navigator?: unknown } = globalThis): ModelContextLike | undefined {
	for (const owner of [scope.document, scope.navigator]) {
		const candidate = (owner as { modelContext?: ModelContextLike } | undefined)?.modelContext;
		if (candidate && (typeof candidate.registerTool === 'function' || typeof candidate.provideContext === 'function')) return candidate;
	}
	return undefined;
}

/** Options of {@link registerWithModelContext}. */
export interface ModelContextRegistration {
	/** Where results are applied (the canvas callbacks). */
	callbacks: UiCallbacks;
	/** The API to register with; found by feature detection when omitted. */
	modelContext?: ModelContextLike;
	/** Reports a failed registration (the app keeps working without it). */
	onError?: (message: string) => void;
}

/**
 * Registers every tool of `server`; returns the teardown that unregisters them. Returns a
 * no-op teardown where the browser has no WebMCP API.
 */
export async function registerWithModelContext(server: WebMcpServer, options: ModelContextRegistration): Promise<() => void> {
	const context = options.modelContext ?? findModelContext();
	if (!context) return () => {};
	const controller = new AbortController();
	const tools: ModelContextTool[] = (await server.listTools()).map((definition) => ({
		name: definition.name,
		description: definition.description ?? definition.name,
		inputSchema: definition.inputSchema,
		...(definition.annotations?.readOnlyHint ? { annotations: { readOnlyHint: true } } : {}),
		async execute(input) {
			try {
				const args = input && typeof input === 'object' ? input : {};
				const result = await server.callTool(definition.name, args, { signal: controller.signal });
				return applyUiResult(definition.name, result, options.callbacks, { callId: randomId('webmcp_', 10), dataFrom: [] }).result;
			} catch (error) {
				return jsonResult({ error: errorMessage(error) }, true);
			}
		}
	}));
	const handles: unknown[] = [];
	try {
		if (typeof context.registerTool === 'function') {
			for (const tool of tools) handles.push(context.registerTool(tool, { signal: controller.signal }));
		} else {
			context.provideContext?.({ tools });
		}
	} catch (error) {
		options.onError?.(`WebMCP registration failed: ${errorMessage(error)}`);
	}
	let done = false;
	return () => {
		if (done) return;
		done = true;
		controller.abort();
		const attempt = (action: () => void) => {
			try {
				action();
			} catch {
				// Already unregistered (the abort signal did it) or the page is going away.
			}
		};
		if (typeof context.registerTool === 'function') {
			for (const [index, tool] of tools.entries()) {
				const handle = handles[index] as { unregister?: () => void } | undefined;
				if (typeof handle?.unregister === 'function') attempt(() => handle.unregister!());
				else if (typeof context.unregisterTool === 'function') attempt(() => context.unregisterTool!(tool.name));
			}
		} else if (typeof context.clearContext === 'function') {
			attempt(() => context.clearContext!());
		} else {
			attempt(() => context.provideContext?.({ tools: [] }));
		}
	};
}
