/**
 * Registers an in-page server's tools with the browser's WebMCP API (`document.modelContext`
 * in the current draft, `navigator.modelContext` in earlier ones), so agents built into the
 * browser can drive the canvas. Their calls go through the same validation as the agent
 * loop's and reach the canvas through the same UI callbacks. Feature-detected: where the API
 * is absent nothing is registered and teardown is a no-op.
 *
 * The current draft: `registerTool(tool, { signal })` returns a Promise, and aborting the
 * signal releases the tool (there is no `unregisterTool`). Older shapes still work: a
 * synchronous `registerTool` with `unregisterTool`, `provideContext`/`clearContext`, Chromium
 * builds that want `inputSchema` as a JSON string, and input arriving as a JSON string.
 */
import { errorMessage, randomId, type ToolCallResult } from '$lib/shared';
import { applyUiResult } from '$lib/agent/dispatch/ui-results';
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
	registerTool?(tool: ModelContextTool, options?: { signal?: AbortSignal }): unknown | Promise<unknown>;
	unregisterTool?(name: string): void;
	provideContext?(context: { tools: ModelContextTool[] }): void;
	clearContext?(): void;
}

/** The browser's model context, if it offers one. */
export function findModelContext(
	scope: { document?: unknown; navigator?: unknown } = globalThis
): ModelContextLike | undefined {
	for (const owner of [scope.document, scope.navigator]) {
		const candidate = (owner as { modelContext?: ModelContextLike } | undefined)?.modelContext;
		if (candidate && (typeof candidate.registerTool === 'function' || typeof candidate.provideContext === 'function'))
			return candidate;
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
export async function registerWithModelContext(
	server: WebMcpServer,
	options: ModelContextRegistration
): Promise<() => void> {
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
				const args = readInput(input);
				const result = await server.callTool(definition.name, args, { signal: controller.signal });
				return applyUiResult(definition.display?.kind, result, options.callbacks, {
					callId: randomId('webmcp_', 10),
					dataFrom: []
				}).result;
			} catch (error) {
				return jsonResult({ error: errorMessage(error) }, true);
			}
		}
	}));
	const handles: unknown[] = [];
	if (typeof context.registerTool === 'function') {
		const outcomes = await Promise.allSettled(tools.map((tool) => registerOne(context, tool, controller.signal)));
		const failures: Array<{ name: string; reason: string }> = [];
		outcomes.forEach((outcome, index) => {
			if (outcome.status === 'fulfilled') handles[index] = outcome.value;
			else failures.push({ name: tools[index].name, reason: errorMessage(outcome.reason) });
		});
		const reasons = new Set(failures.map((failure) => failure.reason));
		if (failures.length === tools.length && reasons.size === 1)
			options.onError?.(`WebMCP registration failed: ${[...reasons][0]}`);
		else if (failures.length)
			options.onError?.(
				`WebMCP registration failed: ${failures.map((failure) => `${failure.name}: ${failure.reason}`).join('; ')}`
			);
	} else {
		try {
			context.provideContext?.({ tools });
		} catch (error) {
			options.onError?.(`WebMCP registration failed: ${errorMessage(error)}`);
		}
	}
	let done = false;
	return () => {
		if (done) return;
		done = true;
		// The current draft releases every tool registered with this signal.
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

/** Tool input as an object: some builds pass it as a JSON string. */
function readInput(input: unknown): Record<string, unknown> {
	if (typeof input === 'string') {
		const parsed: unknown = input.trim() ? JSON.parse(input) : {};
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
	}
	return input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

/**
 * Registers one tool (awaiting the Promise of the current draft). A build that refuses an
 * object `inputSchema` with a TypeError gets it again as a JSON string.
 */
async function registerOne(context: ModelContextLike, tool: ModelContextTool, signal: AbortSignal): Promise<unknown> {
	try {
		return await context.registerTool!(tool, { signal });
	} catch (error) {
		if (!(error instanceof TypeError) || !/inputSchema|schema/i.test(error.message)) throw error;
		return await context.registerTool!(
			{ ...tool, inputSchema: JSON.stringify(tool.inputSchema) as unknown as object },
			{ signal }
		);
	}
}
