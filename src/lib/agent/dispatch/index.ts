/**
 * The dispatcher: the tool_use blocks of one assistant message in, exactly one tool_result
 * each out, in the original order — also when calls fail, time out, are denied or the turn
 * is aborted. Every failure is a result the model reads, never a throw.
 *
 *   for each tool_use, in order (sequential: events and approvals keep the model's order)
 *     resolve   alias → registry → entry                                 resolve.ts
 *     check     limits, blocklist, argument size                         checks.ts
 *     arguments restore + validate against the tool's schema            resolve.ts
 *     bind      display tools: source call first, then {"$ref"}          display.ts
 *     check     loop (the same call again → a warning with its result)   checks.ts
 *     answer    pseudo-tool | recall, locally                            local.ts
 *     approve   when the policy flags the tool                           approval.ts
 *     run       activate the server; deadline, ≤ 4 per server, cancel    run.ts
 *               → display effect, in call order                          display.ts
 *   await the runs (concurrent); store each result                      store.ts
 */
import { errorMessage, isPlainObject } from '$lib/shared';
import type { ToolCallMetrics } from '../loop/loop-types';
import { isRecallEntry, resolveToolName, type ResolvedName } from '../tools/registry';
import type { ToolResultBlock, ToolUseBlock } from '../types';
import { askApproval } from './approval';
import { abortReason, raceSignal } from './async';
import { checkLoop, checkPolicy } from './checks';
import {
	callFields,
	cancelled,
	failure,
	type CallFields,
	type DispatchContext,
	type Outcome,
	type PendingCall
} from './context';
import { applyDisplay, bindDisplay, inDisplayOrder, type BoundCall, type Dispatch, type DisplayQueue } from './display';
import { activate, answerLocally, isDiscovery } from './local';
import { readArguments, unknownTool } from './resolve';
import { checkResult, outcomeOf, runWithDeadline } from './run';
import { storeResult } from './store';

export type { DispatchContext, EventInput, TurnProgress } from './context';

/** What one dispatch produced. */
export interface DispatchResult {
	results: ToolResultBlock[];
	metrics: ToolCallMetrics[];
}

type Prepared = Pick<PendingCall, 'started' | 'warning' | 'outcome'>;
type ToolEntry = Extract<ResolvedName['entry'], { kind: 'tool' }>;

/** Runs a real tool and, for a display tool, applies its result to the canvas. */
async function runCall(
	ctx: DispatchContext,
	entry: ToolEntry,
	callId: string,
	bound: BoundCall,
	previous?: Promise<void>
): Promise<Outcome> {
	const ran = await runWithDeadline(ctx, entry, callId, bound.args);
	if ('outcome' in ran) return ran.outcome;
	const invalid = checkResult(ctx, entry, ran.result);
	if (invalid) return invalid;
	if (!bound.display) return outcomeOf(ctx, entry, callId, ran.result);
	const shown = await applyDisplay(ctx, bound, callId, ran.result, previous);
	return outcomeOf(ctx, entry, callId, shown.result, shown.widgetId);
}

/** Everything that decides whether and how a call runs; returns its (pending) outcome. */
async function prepare(
	ctx: DispatchContext,
	block: ToolUseBlock,
	resolved: ResolvedName | undefined,
	fields: CallFields,
	queue: DisplayQueue,
	dispatch: Dispatch
): Promise<Prepared> {
	const started = Date.now();
	const answered = (outcome: Outcome, warning?: string): Prepared => ({
		started,
		warning,
		outcome: Promise.resolve(outcome)
	});
	if (ctx.signal?.aborted) return answered(cancelled());
	if (!resolved) return answered(unknownTool(ctx, block.name));
	const { entry } = resolved;
	const refused = checkPolicy(ctx, entry, block);
	if (refused) return answered(refused);
	const read = readArguments(ctx, entry, block);
	if ('outcome' in read) return answered(read.outcome);
	const bound = await bindDisplay(ctx, entry, read.args, block.id, dispatch);
	if ('outcome' in bound) return answered(bound.outcome);
	const warning = checkLoop(ctx, entry, block, read.args);
	if (entry.kind !== 'tool' || isRecallEntry(entry)) return answered(answerLocally(ctx, entry, read.args), warning);
	const denied = await askApproval(ctx, entry, block, fields, read.args);
	if (denied) return answered(denied, warning);
	activate(ctx, entry);
	const outcome = inDisplayOrder(queue, bound, (previous) => runCall(ctx, entry, block.id, bound, previous));
	return { started: Date.now(), warning, outcome };
}

/** Waits for a call's outcome; a stop turns a pending one into "cancelled". */
async function settle(ctx: DispatchContext, outcome: Promise<Outcome>): Promise<Outcome> {
	try {
		return await raceSignal(outcome, ctx.signal);
	} catch (error) {
		return ctx.signal?.aborted ? cancelled() : failure('internal', errorMessage(error ?? abortReason(ctx.signal)));
	}
}

/**
 * Dispatches the tool calls of one assistant message. Resolves with one tool_result per
 * tool_use, in the original order.
 */
export async function dispatchToolCalls(
	ctx: DispatchContext,
	blocks: readonly ToolUseBlock[]
): Promise<DispatchResult> {
	const queue: DisplayQueue = { previous: Promise.resolve() };
	const dispatch: Dispatch = (sourceBlocks) => dispatchToolCalls(ctx, sourceBlocks);
	const pending: PendingCall[] = [];
	for (const block of blocks) {
		const resolved = resolveToolName(ctx.catalog.registry, block.name);
		const fields = callFields(ctx.iteration, block.id, block.name, resolved);
		const guided = ctx.turn.guided;
		ctx.emit({ type: 'tool-call', ...fields, args: isPlainObject(block.input) ? block.input : {}, guided });
		pending.push({ block, fields, guided, ...(await prepare(ctx, block, resolved, fields, queue, dispatch)) });
		if (resolved && isDiscovery(resolved.entry)) ctx.turn.guided = true;
	}
	const finished = await Promise.all(
		pending.map(async (call) => storeResult(ctx, call, await settle(ctx, call.outcome)))
	);
	return { results: finished.map((item) => item.block), metrics: finished.map((item) => item.metrics) };
}
