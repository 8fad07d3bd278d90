/**
 * The dispatcher (seed 001): turns the tool_use blocks of one assistant message into
 * exactly one tool_result each, in the original order.
 *
 * Per call, in order: alias → registry lookup (prefix) → limits, blocklist, argument size
 * → argument restore + validation → loop detection → approval → pseudo-tool / recall
 * answered locally, or activation then routing to the server's connection → UI effect for
 * widget_display / canvas → result unwrapped, stored in full, fitted to the limit.
 * Preparation is sequential (events and approvals in order); execution is concurrent with
 * a per-server limit. Every failure is a result the model reads, never a throw.
 */
import { AutoUiError, callTraceparent, createDeadline, errorMessage, isAbortError, isPlainObject, safeStringify, truncateText, type ErrorCode, type ToolCallResult } from '$lib/shared';
import { abortReason, createLimiter, raceSignal } from './async';
import { recallHint } from './compress';
import { answerRecall, callFields, failure, stableStringify, unknownToolMessage, type DispatchContext, type Outcome } from './dispatch-steps';
import type { ToolCallMetrics } from './loop-types';
import { approvalReason, isBlocked } from './policy';
import { answerPseudoTool } from './pseudo-tools';
import { isRecallEntry, resolveToolName, type RegistryEntry } from './registry';
import { fitResult, unwrapToolResult } from './results';
import { adaptedEntry, RECALL_ARGS_SCHEMA } from './tools';
import type { ToolResultBlock, ToolUseBlock, WidgetCallMeta } from './types';
import { applyUiResult, UI_TOOLS } from './ui-results';
import { validateArgs, validateResult } from './validate';
import { hasReferences, referenceHint, resolveReferences, resultValue, type ReferenceSource } from './references';

/** What one dispatch produced. */
export interface DispatchResult {
	results: ToolResultBlock[];
	metrics: ToolCallMetrics[];
}

type ToolEntry = Extract<RegistryEntry, { kind: 'tool' }>;

const CANCELLED = 'Cancelled: the user stopped the turn before this call finished.';

function isDiscovery(entry: RegistryEntry): boolean {
	if (entry.kind === 'pseudo') return true;
	if (entry.kind !== 'tool') return false;
	return Object.values(entry.server.canonical.roles).some((match) => match?.tool === entry.tool.name);
}

function errorCode(error: unknown): ErrorCode {
	return error instanceof AutoUiError ? error.code : 'internal';
}

/** Runs a real tool on its server, with timeout, abort, progress and the UI effect. */
async function runTool(ctx: DispatchContext, entry: ToolEntry, callId: string, args: Record<string, unknown>, uiTurn: Promise<void> | undefined, source?: WidgetCallMeta['source']): Promise<Outcome> {
	const { layer } = entry.server;
	const server = ctx.servers.get(entry.server.key);
	if (!server) {
		return failure('unknown_server', `${layer.serverName} (${layer.protocol}) is not connected, so ${entry.name} cannot run now. Tell the user to reconnect it, or use another server.`);
	}
	let limiter = ctx.limiters.get(entry.server.key);
	if (!limiter) ctx.limiters.set(entry.server.key, (limiter = createLimiter(ctx.policy.maxConcurrentPerServer)));
	const fields = callFields(ctx.iteration, callId, entry.name, { resolvedName: entry.name, entry, viaAlias: false });
	let result: ToolCallResult;
	try {
		result = await limiter.run(async () => {
			// A pausable clock: a server's request waiting for the user holds it (see shared/deadline.ts).
			const timer = createDeadline(ctx.signal, ctx.policy.timeoutMs);
			try {
				const call = server.callTool(entry.tool.name, args, {
					signal: timer.signal,
					timeoutMs: ctx.policy.timeoutMs,
					deadline: timer,
					caller: { callId, turnId: ctx.turnId, origin: ctx.origin ?? 'model' },
					traceparent: callTraceparent(ctx.turnId, callId),
					onProgress: (progress) => ctx.emit({ type: 'tool-progress', ...fields, ...progress }),
					onTask: (task) => ctx.emit({ type: 'task-status', ...fields, taskId: task.taskId, status: task.status, ...(task.message ? { message: task.message } : {}) })
				});
				return await raceSignal(call, timer.signal);
			} catch (error) {
				if (timer.signal.aborted && !ctx.signal?.aborted) throw abortReason(timer.signal);
				throw error;
			} finally {
				timer.dispose();
			}
		}, ctx.signal);
	} catch (error) {
		if (ctx.signal?.aborted) return failure('aborted', CANCELLED, CANCELLED);
		if (error instanceof AutoUiError && error.code === 'timeout') {
			return failure('timeout', `${entry.name} did not answer within ${ctx.policy.timeoutMs} ms. Try narrower arguments or another tool.`);
		}
		if (isAbortError(error)) return failure('aborted', `${entry.name} was cancelled: ${errorMessage(error)}`);
		return failure(errorCode(error), `${entry.name} failed: ${errorMessage(error)}`);
	}
	if (!isPlainObject(result) || !Array.isArray(result.content)) {
		result = { content: [{ type: 'text', text: safeStringify(result) }] };
	}
	ctx.onRawResult?.(callId, result);
	const invalid = validateResult(entry.tool.outputSchema, result, ctx.state.validators);
	if (invalid.length) {
		const where = invalid.map((detail) => `${detail.path} ${detail.message}`).join('; ');
		const message = `${entry.name} returned a result that does not match its output schema: ${truncateText(where, 600)}. Do not rely on this result; call it again with other arguments or tell the user the tool answered wrongly.`;
		return failure('result_invalid', message, safeStringify({ error: 'Result validation failed', tool: entry.name, details: invalid.slice(0, 20), received: truncateText(unwrapToolResult(result), 1_000) }));
	}
	let widgetId: string | undefined;
	if (layer.protocol === 'webmcp' && UI_TOOLS.includes(entry.tool.name)) {
		await uiTurn;
		// A widget with a source got its data from that call alone (not from whatever else ran this turn).
		const dataFrom = source ? [`${callId}_source`] : [...ctx.turn.dataCallIds];
		const applied = applyUiResult(entry.tool.name, result, ctx.callbacks, { callId, dataFrom, turnId: ctx.turnId, ...(source ? { source } : {}) });
		result = applied.result;
		widgetId = applied.widgetId;
	}
	const text = unwrapToolResult(result);
	if (result.isError) {
		const structured = result.structuredContent;
		const validation = isPlainObject(structured) && structured.error === 'Validation failed';
		const code = validation ? 'validation_failed' : layer.protocol === 'mcp' ? 'mcp_tool_error' : layer.protocol === 'http' ? 'http_tool_error' : 'invalid_argument';
		const message = isPlainObject(structured) && typeof structured.error === 'string' ? structured.error : truncateText(text, 300);
		return { ok: false, code, message, text, ...(result.mocked ? { mocked: true } : {}) };
	}
	// Recipe look-ups are not data a widget shows; only the server's other tools are.
	if (layer.protocol !== 'webmcp' && !isDiscovery(entry)) ctx.turn.dataCallIds.push(callId);
	return { ok: true, text, widgetId, store: true, ...(result.mocked ? { mocked: true } : {}) };
}

/** Activates a server on its first real call (lazy discovery), once per session. */
function activate(ctx: DispatchContext, entry: ToolEntry): void {
	const { key, layer } = entry.server;
	if (!ctx.lazy || ctx.state.activeServers.has(key)) return;
	ctx.state.activeServers.add(key);
	const added = (ctx.catalog.registry.toolsByServer.get(key) ?? [])
		.map((tool) => tool.name)
		.filter((name) => !ctx.offered.has(name) && !ctx.state.exposedTools.has(name));
	ctx.emit({ type: 'activation', iteration: ctx.iteration, server: layer.serverName, protocol: layer.protocol, tools: added, scope: 'server' });
}

/** Records the tools a pseudo-tool answer named, callable from the next request. */
function expose(ctx: DispatchContext, entry: Extract<RegistryEntry, { kind: 'pseudo' }>, names: string[]): void {
	if (!ctx.lazy || ctx.state.activeServers.has(entry.server.key)) return;
	const added = names.filter((name) => !ctx.offered.has(name) && !ctx.state.exposedTools.has(name));
	for (const name of added) ctx.state.exposedTools.add(name);
	if (added.length) {
		const { layer } = entry.server;
		ctx.emit({ type: 'activation', iteration: ctx.iteration, server: layer.serverName, protocol: layer.protocol, tools: added, scope: 'tools' });
	}
}

/** The conversation's data results, as the values references stand for. */
function referenceSource(ctx: DispatchContext): ReferenceSource {
	const parsed = new Map<string, unknown>();
	return {
		value(id) {
			const stored = ctx.state.results.get(id);
			if (!stored?.data) return undefined;
			if (!parsed.has(id)) parsed.set(id, resultValue(stored.text));
			return parsed.get(id);
		},
		ids: () => ctx.state.results.ids().filter((id) => ctx.state.results.get(id)?.data)
	};
}

/**
 * Replaces `{"$ref": …}` in the params of widget_display and canvas with the data they name,
 * before the widget's schema sees them; an unresolvable reference is an error the model reads.
 */
function resolveDisplayReferences(ctx: DispatchContext, entry: RegistryEntry, args: Record<string, unknown>, sourceValue?: unknown): { args: Record<string, unknown> } | { error: string } {
	const isDisplay = entry.kind === 'tool' && entry.server.layer.protocol === 'webmcp' && UI_TOOLS.includes(entry.tool.name);
	if (!isDisplay || !hasReferences(args.params)) return { args };
	const results = referenceSource(ctx);
	const withSource: ReferenceSource =
		sourceValue === undefined ? results : { value: (id) => (id === 'source' ? sourceValue : results.value(id)), ids: () => ['source', ...results.ids()] };
	const resolved = resolveReferences(args.params, withSource);
	if (!resolved.ok) {
		return { error: `Unresolved references in params: ${resolved.errors.map((error) => `${error.path || '/'}: ${error.message}`).join('; ')}.` };
	}
	return { args: { ...args, params: resolved.value } };
}

/**
 * widget_display's `source`: runs that data call now, through this same dispatcher (a call of
 * its own: policy, approval, timeout, console entry, result storage), so one model request
 * fetches and displays. Its value binds `{"$ref": "source…"}`; the widget keeps the source.
 */
async function runDisplaySource(
	ctx: DispatchContext,
	entry: RegistryEntry,
	args: Record<string, unknown>,
	callId: string
): Promise<{ args: Record<string, unknown>; value?: unknown; meta?: WidgetCallMeta['source'] } | { error: string }> {
	const isDisplay = entry.kind === 'tool' && entry.server.layer.protocol === 'webmcp' && entry.tool.name === 'widget_display';
	if (!isDisplay || args.source === undefined) return { args };
	const { source, refreshSeconds, ...rest } = args;
	if (!isPlainObject(source) || typeof source.tool !== 'string' || !source.tool.trim()) {
		return { error: 'source must be {"tool": "<prefixed data tool name>", "args": {…}}.' };
	}
	if (refreshSeconds !== undefined && !(typeof refreshSeconds === 'number' && refreshSeconds >= 5)) return { error: 'refreshSeconds must be a number of seconds, at least 5.' };
	const sourceArgs = isPlainObject(source.args) ? source.args : {};
	const target = resolveToolName(ctx.catalog.registry, source.tool);
	const dataTools = () =>
		ctx.catalog.registry.servers
			.filter((server) => server.layer.protocol !== 'webmcp')
			.flatMap((server) => (ctx.catalog.registry.toolsByServer.get(server.key) ?? []).map((tool) => tool.name))
			.slice(0, 30)
			.join(', ');
	if (!target || target.entry.kind !== 'tool') {
		return { error: `source.tool "${source.tool.slice(0, 100)}" is not a tool of a connected server. Data tools: ${dataTools() || 'none (connect an MCP server)'}.` };
	}
	if (target.entry.server.layer.protocol === 'webmcp') {
		return { error: `source.tool must be a data tool of a server, not ${target.entry.name} (an autoui tool). Data tools: ${dataTools() || 'none'}.` };
	}
	const sourceId = `${callId}_source`;
	const { results } = await dispatchToolCalls(ctx, [{ type: 'tool_use', id: sourceId, name: target.resolvedName, input: sourceArgs }]);
	if (results[0]?.is_error) return { error: `The source call ${target.resolvedName} failed, so nothing was displayed: ${truncateText(results[0].content, 600)}` };
	const stored = ctx.state.results.get(sourceId);
	const params = isPlainObject(rest.params) ? rest.params : {};
	return {
		args: rest,
		value: resultValue(stored?.text ?? ''),
		meta: { tool: target.resolvedName, args: sourceArgs, params, ...(typeof refreshSeconds === 'number' ? { refreshSeconds: Math.round(refreshSeconds) } : {}) }
	};
}

interface Prepared {
	block: ToolUseBlock;
	fields: ReturnType<typeof callFields>;
	guided: boolean;
	started: number;
	warning?: string;
	outcome: Promise<Outcome>;
}

/** Everything that decides whether and how a call runs; returns its (pending) outcome. */
async function prepare(ctx: DispatchContext, block: ToolUseBlock, uiGate: { previous: Promise<void> }): Promise<Omit<Prepared, 'block' | 'fields' | 'guided'>> {
	const { registry } = ctx.catalog;
	const resolved = resolveToolName(registry, block.name);
	const started = Date.now();
	const done = (outcome: Outcome, warning?: string) => ({ started, warning, outcome: Promise.resolve(outcome) });
	if (ctx.signal?.aborted) return done(failure('aborted', CANCELLED, CANCELLED));
	if (!resolved) return done(failure('unknown_tool', unknownToolMessage(registry, block.name, ctx.offered)));
	const { entry } = resolved;
	if (ctx.turn.calls >= ctx.policy.maxCallsPerTurn || ctx.state.totalCalls >= ctx.policy.maxCallsPerSession) {
		ctx.turn.limitHit = true;
		const which = ctx.turn.calls >= ctx.policy.maxCallsPerTurn ? `${ctx.policy.maxCallsPerTurn} tool calls per turn` : `${ctx.policy.maxCallsPerSession} tool calls per session`;
		return done(failure('limit_exceeded', `The limit of ${which} is reached; this call was not run. Answer with what you have.`));
	}
	ctx.turn.calls++;
	ctx.state.totalCalls++;
	const ownName = entry.kind === 'tool' ? entry.tool.name : entry.kind === 'pseudo' ? entry.pseudo : entry.name;
	if (isBlocked(ctx.policy, entry.name, ownName)) return done(failure('blocked', `${entry.name} is blocked by the tool policy and cannot be called.`));
	const argsText = safeStringify(block.input ?? {});
	if (argsText.length > ctx.policy.maxArgsChars) {
		return done(failure('invalid_argument', `The arguments are ${argsText.length} characters long; the limit is ${ctx.policy.maxArgsChars}. Send smaller arguments.`));
	}
	const adapted = adaptedEntry(ctx.catalog, entry);
	if (block.invalidArguments) {
		const { raw, error } = block.invalidArguments;
		const message = `The arguments of ${block.name} were not valid JSON (${error}). Call it again with one JSON object that matches the schema.`;
		return done(failure('invalid_argument', message, safeStringify({ error: message, received: truncateText(raw, 500), expected_schema: adapted.schema })));
	}
	const input = isPlainObject(block.input) ? block.input : {};
	const args = adapted.restoreArgs(input);
	const source = isRecallEntry(entry) ? RECALL_ARGS_SCHEMA : entry.kind === 'tool' ? entry.tool.inputSchema : adapted.schema;
	const details = validateArgs(source, args, ctx.state.validators);
	if (details.length) {
		const text = safeStringify({ error: 'Validation failed', tool: block.name, details, expected_schema: adapted.schema });
		return done(failure('validation_failed', `Invalid arguments for ${block.name}: ${details.map((detail) => `${detail.path} ${detail.message}`).join('; ')}`, text));
	}
	const sourced = await runDisplaySource(ctx, entry, args, block.id);
	if ('error' in sourced) return done(failure('invalid_argument', sourced.error), undefined);
	const resolvedArgs = resolveDisplayReferences(ctx, entry, sourced.args, sourced.value);
	if ('error' in resolvedArgs) return done(failure('invalid_argument', resolvedArgs.error));
	const loopKey = `${entry.name} ${stableStringify(args)}`;
	const count = (ctx.state.callCounts.get(loopKey) ?? 0) + 1;
	ctx.state.callCounts.set(loopKey, count);
	const warning =
		count >= ctx.policy.loopThreshold
			? `You called ${block.name} with the same arguments ${count} times in this conversation. Use the result you have, change the arguments, or stop.`
			: undefined;
	if (warning) ctx.emit({ type: 'warning', code: 'loop_detected', message: warning, callId: block.id });

	if (entry.kind === 'pseudo') {
		const answer = answerPseudoTool(ctx.catalog, entry, args, (tool) => !isBlocked(ctx.policy, tool.name, tool.tool.name));
		expose(ctx, entry, answer.exposed);
		return done({ ok: true, text: answer.text, store: true }, warning);
	}
	if (entry.kind === 'recall' || isRecallEntry(entry)) return done(answerRecall(ctx.state, args, ctx.policy.maxResultChars - 300), warning);

	const reason = approvalReason(ctx.policy, entry.tool, entry.server.layer.protocol);
	if (reason && !ctx.state.alwaysAllow.has(entry.name)) {
		const fields = callFields(ctx.iteration, block.id, block.name, resolved);
		ctx.emit({ type: 'approval-request', ...fields, args, reason });
		const { layer } = entry.server;
		let decision: 'allow-once' | 'allow-always' | 'deny' = 'deny';
		if (ctx.callbacks.requestApproval) {
			try {
				decision = await raceSignal(
					ctx.callbacks.requestApproval({ callId: block.id, name: block.name, server: layer.serverName, protocol: layer.protocol, tool: entry.tool.name, args, reason, description: entry.tool.description, annotations: entry.tool.annotations }),
					ctx.signal
				);
			} catch (error) {
				if (ctx.signal?.aborted) return done(failure('aborted', CANCELLED, CANCELLED), warning);
				ctx.emit({ type: 'warning', code: 'approval_failed', message: `Asking for approval failed: ${errorMessage(error)}`, callId: block.id });
			}
		}
		ctx.emit({ type: 'approval-decision', ...fields, decision });
		if (decision === 'deny') {
			const why = ctx.callbacks.requestApproval ? 'The user denied this call.' : 'This call needs the user\'s approval, and no one can approve it here.';
			return done(failure('denied', `${why} Do not retry it; continue without it or ask the user.`), warning);
		}
		if (decision === 'allow-always') ctx.state.alwaysAllow.add(entry.name);
	}
	activate(ctx, entry);
	const isUi = entry.server.layer.protocol === 'webmcp' && UI_TOOLS.includes(entry.tool.name);
	const previous = uiGate.previous;
	const outcome = runTool(ctx, entry, block.id, resolvedArgs.args, isUi ? previous : undefined, sourced.meta);
	if (isUi) uiGate.previous = outcome.then(() => undefined, () => undefined);
	return { started: Date.now(), warning, outcome };
}

/** Fits, stores and records one finished call; emits its result or error event. */
function finish(ctx: DispatchContext, prepared: Prepared, outcome: Outcome): { block: ToolResultBlock; metrics: ToolCallMetrics } {
	const { block, fields } = prepared;
	const elapsed = Date.now() - prepared.started;
	const full = outcome.text;
	// A successful data call can be displayed by reference: it is marked, and the model is told how.
	const data = outcome.ok && ctx.turn.dataCallIds.includes(block.id);
	if (outcome.ok ? outcome.store : true) {
		const stored = full.length > ctx.policy.maxStoredResultChars ? truncateText(full, ctx.policy.maxStoredResultChars) : full;
		ctx.state.results.set(block.id, { text: stored, name: fields.resolvedName, size: full.length, ...(data ? { data: true } : {}) });
	}
	ctx.state.resultIterations.set(block.id, ctx.state.iteration);
	// The reference note counts in the limit: the body is fitted to what is left.
	const note = data ? `\n\n${referenceHint(block.id, resultValue(full))}` : '';
	const fitted = fitResult(full, Math.max(200, ctx.policy.maxResultChars - note.length), `Call ${recallHint(ctx.catalog.registry.recallName, block.id)} for the full result.`);
	const content = `${prepared.warning ? `${fitted.text}\n\n[Warning: ${prepared.warning}]` : fitted.text}${note}`;
	const metrics: ToolCallMetrics = {
		id: block.id,
		name: fields.name,
		resolvedName: fields.resolvedName,
		...(fields.server ? { server: fields.server, protocol: fields.protocol } : {}),
		...(fields.tool ? { tool: fields.tool } : {}),
		iteration: fields.iteration,
		args: isPlainObject(block.input) ? block.input : {},
		result: content,
		elapsed,
		guided: prepared.guided,
		size: fitted.size,
		truncated: fitted.truncated,
		...(outcome.ok ? (outcome.widgetId ? { widgetId: outcome.widgetId } : {}) : { error: outcome.message, code: String(outcome.code) })
	};
	if (outcome.ok) {
		ctx.emit({ type: 'tool-result', ...fields, result: content, elapsedMs: elapsed, size: fitted.size, truncated: fitted.truncated, recallId: block.id, ...(outcome.widgetId ? { widgetId: outcome.widgetId } : {}), ...(outcome.mocked ? { mocked: true } : {}) });
	} else {
		ctx.emit({ type: 'tool-error', ...fields, error: outcome.message, code: String(outcome.code), result: content, elapsedMs: elapsed, ...(outcome.mocked ? { mocked: true } : {}) });
	}
	try {
		ctx.callbacks.onToolCall?.(metrics);
	} catch (error) {
		ctx.emit({ type: 'warning', code: 'callback_failed', message: `onToolCall threw: ${errorMessage(error)}`, callId: block.id });
	}
	return { block: { type: 'tool_result', tool_use_id: block.id, content, ...(outcome.ok ? {} : { is_error: true }) }, metrics };
}

/**
 * Dispatches the tool calls of one assistant message. Resolves with one tool_result per
 * tool_use, in the original order — also when calls fail, time out, are denied, or the
 * turn is aborted (those get error results saying so).
 */
export async function dispatchToolCalls(ctx: DispatchContext, blocks: readonly ToolUseBlock[]): Promise<DispatchResult> {
	const prepared: Prepared[] = [];
	const uiGate = { previous: Promise.resolve() };
	for (const block of blocks) {
		const resolved = resolveToolName(ctx.catalog.registry, block.name);
		const fields = callFields(ctx.iteration, block.id, block.name, resolved);
		const guided = ctx.turn.guided;
		ctx.emit({ type: 'tool-call', ...fields, args: isPlainObject(block.input) ? block.input : {}, guided });
		const step = await prepare(ctx, block, uiGate);
		if (resolved && isDiscovery(resolved.entry)) ctx.turn.guided = true;
		const item: Prepared = { block, fields, guided, ...step };
		prepared.push(item);
	}
	const finished = await Promise.all(
		prepared.map(async (item) => {
			let outcome: Outcome;
			try {
				outcome = await raceSignal(item.outcome, ctx.signal);
			} catch (error) {
				outcome = ctx.signal?.aborted ? failure('aborted', CANCELLED, CANCELLED) : failure('internal', errorMessage(error ?? abortReason(ctx.signal)));
			}
			return finish(ctx, item, outcome);
		})
	);
	return { results: finished.map((item) => item.block), metrics: finished.map((item) => item.metrics) };
}
