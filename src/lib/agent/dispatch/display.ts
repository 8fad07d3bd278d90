/**
 * Step "bind" and the display effect, for the tools a WebMCP server declares as display
 * tools. Before the call: the `source` data call runs first, through this same dispatcher (a
 * call of its own: policy, approval, timeout, console entry, stored result), so one model
 * request fetches and displays; then each `{"$ref": "<id>#<pointer>"}` in the params is
 * replaced by the data it names (`source` included), before the widget's schema sees them.
 * After the call: the result is applied to the canvas through the UI callbacks, in call order.
 */
import { isPlainObject, truncateText, type ToolCallResult } from '$lib/shared';
import { hasReferences, resolveReferences, resultValue, storedValue, type ReferenceSource } from '../references';
import { displayOf, isDisplayServer, resolveToolName, type RegistryEntry } from '../tools/registry';
import type { DisplayCapability, ToolResultBlock, ToolUseBlock, WidgetCallMeta } from '../types';
import { failure, type DispatchContext, type Outcome } from './context';
import { applyUiResult, type AppliedUiResult } from './ui-results';

/** Runs calls through the dispatcher (the source call's path). */
export type Dispatch = (blocks: ToolUseBlock[]) => Promise<{ results: ToolResultBlock[] }>;

/** A display call with its data bound: the arguments the server gets, and the widget's source. */
export interface BoundCall {
	args: Record<string, unknown>;
	display?: DisplayCapability;
	source?: WidgetCallMeta['source'];
}

/** The conversation's data results, as the values references stand for (kept beside their text). */
function referenceSource(ctx: DispatchContext, sourceValue: unknown): ReferenceSource {
	const results: ReferenceSource = {
		value(id) {
			const stored = ctx.state.results.get(id);
			return stored?.data ? storedValue(stored) : undefined;
		},
		ids: () => ctx.state.results.ids().filter((id) => ctx.state.results.get(id)?.data)
	};
	if (sourceValue === undefined) return results;
	return {
		value: (id) => (id === 'source' ? sourceValue : results.value(id)),
		ids: () => ['source', ...results.ids()]
	};
}

/** The names of the data tools a source may call (for the model to pick from). */
function dataTools(ctx: DispatchContext): string {
	const { registry } = ctx.catalog;
	return registry.servers
		.filter((server) => !isDisplayServer(server.layer))
		.flatMap((server) => (registry.toolsByServer.get(server.key) ?? []).map((tool) => tool.name))
		.slice(0, 30)
		.join(', ');
}

/** Runs the display's source call; its value, the arguments without it, and the widget's source. */
async function runSource(
	ctx: DispatchContext,
	display: DisplayCapability & { source: string },
	args: Record<string, unknown>,
	callId: string,
	dispatch: Dispatch
): Promise<{ args: Record<string, unknown>; value: unknown; meta: WidgetCallMeta['source'] } | { error: string }> {
	const { source: sourceKey, refreshSeconds: refreshKey } = display;
	const rest = { ...args };
	const source = rest[sourceKey];
	const refreshSeconds = refreshKey ? rest[refreshKey] : undefined;
	delete rest[sourceKey];
	if (refreshKey) delete rest[refreshKey];
	if (!isPlainObject(source) || typeof source.tool !== 'string' || !source.tool.trim()) {
		return { error: `${sourceKey} must be {"tool": "<prefixed data tool name>", "args": {…}}.` };
	}
	if (refreshSeconds !== undefined && !(typeof refreshSeconds === 'number' && refreshSeconds >= 5))
		return { error: `${refreshKey} must be a number of seconds, at least 5.` };
	const sourceArgs = isPlainObject(source.args) ? source.args : {};
	const target = resolveToolName(ctx.catalog.registry, source.tool);
	if (!target || target.entry.kind !== 'tool') {
		return {
			error: `${sourceKey}.tool "${source.tool.slice(0, 100)}" is not a tool of a connected server. Data tools: ${dataTools(ctx) || 'none (connect an MCP server)'}.`
		};
	}
	if (isDisplayServer(target.entry.server.layer)) {
		return {
			error: `${sourceKey}.tool must be a data tool of a server, not ${target.entry.name} (an autoui tool). Data tools: ${dataTools(ctx) || 'none'}.`
		};
	}
	const sourceId = `${callId}_source`;
	// `{"$param": name}` in the arguments runs with the canvas parameter's value; the widget keeps the template.
	const bound = ctx.callbacks.bindSourceArgs?.(sourceArgs) ?? { ok: true as const, args: sourceArgs };
	if (!bound.ok) return { error: bound.error };
	const { results } = await dispatch([
		{ type: 'tool_use', id: sourceId, name: target.resolvedName, input: bound.args }
	]);
	if (results[0]?.is_error)
		return {
			error: `The source call ${target.resolvedName} failed, so nothing was displayed: ${truncateText(results[0].content, 600)}`
		};
	const stored = ctx.state.results.get(sourceId);
	const template = display.references ? rest[display.references] : undefined;
	const meta: WidgetCallMeta['source'] = {
		tool: target.resolvedName,
		args: sourceArgs,
		params: isPlainObject(template) ? template : {},
		...(typeof refreshSeconds === 'number' ? { refreshSeconds: Math.round(refreshSeconds) } : {})
	};
	return { args: rest, value: stored ? storedValue(stored) : resultValue(''), meta };
}

/**
 * Binds a display call's data: runs its source first (when it has one), then resolves the
 * references in its params. Other calls pass through unchanged.
 */
export async function bindDisplay(
	ctx: DispatchContext,
	entry: RegistryEntry,
	args: Record<string, unknown>,
	callId: string,
	dispatch: Dispatch
): Promise<BoundCall | { outcome: Outcome }> {
	const display = displayOf(entry);
	if (!display) return { args };
	let bound: BoundCall = { args, display };
	let sourceValue: unknown;
	if (display.source && args[display.source] !== undefined) {
		const sourced = await runSource(ctx, { ...display, source: display.source }, args, callId, dispatch);
		if ('error' in sourced) return { outcome: failure('invalid_argument', sourced.error) };
		bound = { args: sourced.args, display, source: sourced.meta };
		sourceValue = sourced.value;
	}
	const key = display.references;
	if (!key || !hasReferences(bound.args[key])) return bound;
	const resolved = resolveReferences(bound.args[key], referenceSource(ctx, sourceValue));
	if (!resolved.ok) {
		return {
			outcome: failure(
				'invalid_argument',
				`Unresolved references in ${key}: ${resolved.errors.map((error) => `${error.path || '/'}: ${error.message}`).join('; ')}.`
			)
		};
	}
	return { ...bound, args: { ...bound.args, [key]: resolved.value } };
}

/** Display effects land in call order: each display call waits for the one before it. */
export interface DisplayQueue {
	previous: Promise<void>;
}

/** Starts `run` (given the display call to wait for); a display call becomes the one to wait for. */
export function inDisplayOrder(
	queue: DisplayQueue,
	bound: BoundCall,
	run: (previous?: Promise<void>) => Promise<Outcome>
): Promise<Outcome> {
	if (!bound.display) return run(undefined);
	const outcome = run(queue.previous);
	queue.previous = outcome.then(
		() => undefined,
		() => undefined
	);
	return outcome;
}

/** Applies a display result to the canvas once the display call before it finished. */
export async function applyDisplay(
	ctx: DispatchContext,
	bound: BoundCall,
	callId: string,
	result: ToolCallResult,
	previous?: Promise<void>
): Promise<AppliedUiResult> {
	await previous;
	const { source } = bound;
	// A widget with a source got its data from that call alone (not from whatever else ran this turn).
	const dataFrom = source ? [`${callId}_source`] : [...ctx.turn.dataCallIds];
	return applyUiResult(bound.display?.kind, result, ctx.callbacks, {
		callId,
		dataFrom,
		turnId: ctx.turnId,
		...(source ? { source } : {})
	});
}
