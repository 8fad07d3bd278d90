/**
 * The host's work that waits for the first View (loaded on demand): opening a View for a
 * call of its tool and keeping the result with the widget, and running a View's own calls
 * under the agent's registry name.
 */
import type { DirectCallOutcome, DirectCallRequest } from '$lib/agent/dispatch/direct-call';
import type { UiCallbacks } from '$lib/agent/types';
import {
	AutoUiError,
	errorMessage,
	randomId,
	safeStringify,
	type CallOptions,
	type ToolCallResult,
	type ToolDefinition
} from '$lib/shared';
import type { McpAppParams } from '$lib/widgets/mcp-app/definition';
import { providerName, type ToolRegistry } from '$lib/agent/tools/registry';
import type { HostConnection } from './apps-host';

/** The most of a result a widget record keeps (the live View gets it whole). */
export const maxKeptResultChars = 256 * 1024;

/** The canvas as the host changes it (the model's `canvas update` may not touch a View). */
export interface ViewCanvas {
	callbacks: UiCallbacks;
	validator: {
		load(): Promise<void>;
		check(type: string, params: unknown): { ok: true; value: Record<string, unknown> } | { ok: false };
	};
	store: {
		get(id: string): { type: string; params: Record<string, unknown> } | undefined;
		update(id: string, params: Record<string, unknown>, source: 'agent'): unknown;
	};
}

/** Merges `patch` into a View widget's params (checked like every change), as one step. */
export function updateView(canvas: ViewCanvas, widgetId: string, patch: Record<string, unknown>): void {
	const record = canvas.store.get(widgetId);
	if (!record) return;
	const checked = canvas.validator.check(record.type, { ...record.params, ...patch });
	if (checked.ok) canvas.store.update(widgetId, checked.value, 'agent');
}

/** What opening a View for a call needs. */
export interface ViewCall {
	connection: HostConnection;
	tool: ToolDefinition;
	resource: string;
	args: Record<string, unknown>;
	options?: CallOptions;
	canvas: ViewCanvas;
	/** Full results by widget id (the record may keep a shortened one). */
	results: Map<string, ToolCallResult>;
	/** The widget opened while the model streamed this call (it gets the whole input now). */
	widgetId?: string;
}

/**
 * Opens the `mcp-app` widget of a call; `input` absent: the input is still streaming. When the
 * canvas refuses it (its params failed a check, say), a widget without the call's data says why.
 */
export async function openView(
	call: Pick<ViewCall, 'connection' | 'tool' | 'resource' | 'canvas'>,
	input?: Record<string, unknown>
): Promise<string | undefined> {
	const { connection, tool, resource, canvas } = call;
	const base = {
		server: connection.name,
		endpoint: connection.url,
		tool: tool.name,
		resource,
		toolInput: {},
		title: `${tool.title ?? tool.name} · ${connection.name}`.slice(0, 200)
	} satisfies McpAppParams;
	const meta = () => ({ callId: randomId('app_'), dataFrom: [] });
	let reason: string;
	try {
		await canvas.validator.load();
		const params: McpAppParams = { ...base, toolInput: input ?? {}, ...(input ? {} : { inputPending: true }) };
		const added = canvas.callbacks.onWidget?.('mcp-app', params, meta());
		if (added && 'id' in added) return added.id;
		reason = added?.error ?? 'the canvas is not ready';
	} catch (error) {
		reason = errorMessage(error);
	}
	try {
		const openError = `The view of ${resource} was not opened: ${reason}`.slice(0, 2000);
		const shown = canvas.callbacks.onWidget?.('mcp-app', { ...base, openError }, meta());
		return shown && 'id' in shown ? shown.id : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Runs the call with its View on the canvas: the widget appears with the input at once
 * (or the one opened while the call streamed gets it), then gets the result, or the reason the call did not finish. The call's outcome is
 * returned (or thrown) unchanged.
 */
export async function runWithView(call: ViewCall): Promise<ToolCallResult> {
	const { connection, tool, args, options, canvas, results } = call;
	let widgetId = call.widgetId;
	if (widgetId) updateView(canvas, widgetId, { toolInput: args, inputPending: false });
	else widgetId = await openView(call, args);
	let result: ToolCallResult;
	try {
		result = await connection.callTool(tool.name, args, options);
	} catch (error) {
		if (widgetId) updateView(canvas, widgetId, { cancelled: errorMessage(error).slice(0, 500) });
		throw error;
	}
	if (widgetId) {
		results.set(widgetId, result);
		if (results.size > 32) results.delete(results.keys().next().value!);
		const size = safeStringify(result).length;
		const kept =
			size <= maxKeptResultChars
				? result
				: {
						content: [
							{
								type: 'text',
								text: `The result (${size} characters) was too large to keep with the canvas; call the tool again to see it whole.`
							}
						],
						isError: true
					};
		updateView(canvas, widgetId, { toolResult: kept });
	}
	return result;
}

/** `{server}_mcp_{tool}` as the agent's registry names it (give the one with View-only tools). */
export function appToolName(registry: ToolRegistry, server: string, tool: string): string | undefined {
	const entry = registry.servers.find(
		(candidate) => candidate.layer.protocol === 'mcp' && candidate.layer.serverName === server
	);
	return entry ? providerName(registry, entry, tool) : undefined;
}

/** Runs a View's `tools/call` through the agent's direct-call path (origin `app`). */
export async function runAppCall(
	request: { server: string; tool: string; args: Record<string, unknown>; signal?: AbortSignal },
	registry: ToolRegistry,
	callTool: (request: DirectCallRequest) => Promise<DirectCallOutcome>
): Promise<ToolCallResult> {
	const name = appToolName(registry, request.server, request.tool);
	if (!name)
		throw new AutoUiError(
			'unknown_tool',
			`Tool "${request.tool}" of "${request.server}" is not available right now (is the server connected?).`
		);
	const outcome = await callTool({ tool: name, args: request.args, origin: 'app', signal: request.signal });
	if (outcome.result) return outcome.result;
	throw new AutoUiError('internal', outcome.error ?? 'the call failed');
}
