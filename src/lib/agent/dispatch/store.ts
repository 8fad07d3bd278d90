/**
 * Step "store": one finished call becomes its tool_result. The full text goes into the
 * session's result buffer (for recall and `{"$ref"}`; a successful data call is marked
 * `data`); the model gets it fitted to the result limit, with the loop warning and, for
 * data, the note that says how to reference it; the result or error event and the metrics
 * go out.
 */
import { errorMessage, isPlainObject, truncateText } from '$lib/shared';
import type { ToolCallMetrics } from '../loop/loop-types';
import { recallHint } from '../loop/compress';
import { referenceHint, resultValue } from '../references';
import type { ToolResultBlock } from '../types';
import type { DispatchContext, Outcome, PendingCall } from './context';
import { fitResult } from './results';

/** Fits, stores and records one finished call; emits its result or error event. */
export function storeResult(
	ctx: DispatchContext,
	call: PendingCall,
	outcome: Outcome
): { block: ToolResultBlock; metrics: ToolCallMetrics } {
	const { block, fields } = call;
	const elapsed = Date.now() - call.started;
	const full = outcome.text;
	// A successful data call can be displayed by reference: it is marked, and the model is told how.
	const data = outcome.ok && ctx.turn.dataCallIds.includes(block.id);
	const capped = full.length > ctx.policy.maxStoredResultChars;
	// What the data stands for, parsed at most once (the run step passes structuredContent on);
	// a text over the stored limit is never parsed whole (references see what recall reads).
	const value = data ? (outcome.value ?? (capped ? undefined : resultValue(full))) : undefined;
	if (outcome.ok ? outcome.store : true) {
		const stored = capped ? truncateText(full, ctx.policy.maxStoredResultChars) : full;
		// A capped text stands for itself, not for the full value: references see what recall reads.
		const kept = data ? { data: true, ...(capped ? {} : { value }) } : {};
		ctx.state.results.set(block.id, { text: stored, name: fields.resolvedName, size: full.length, ...kept });
	}
	ctx.state.resultIterations.set(block.id, ctx.state.iteration);
	// The reference note counts in the limit: the body is fitted to what is left.
	const note = data ? `\n\n${referenceHint(block.id, value)}` : '';
	const fitted = fitResult(
		full,
		Math.max(200, ctx.policy.maxResultChars - note.length),
		`Call ${recallHint(ctx.catalog.registry.recallName, block.id)} for the full result.`
	);
	const content = `${call.warning ? `${fitted.text}\n\n[Warning: ${call.warning}]` : fitted.text}${note}`;
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
		guided: call.guided,
		size: fitted.size,
		truncated: fitted.truncated,
		...(outcome.ok
			? outcome.widgetId
				? { widgetId: outcome.widgetId }
				: {}
			: { error: outcome.message, code: String(outcome.code) })
	};
	const mocked = { ...(outcome.mocked ? { mocked: true } : {}), ...(outcome.output ? { output: outcome.output } : {}) };
	if (outcome.ok) {
		const widget = outcome.widgetId ? { widgetId: outcome.widgetId } : {};
		ctx.emit({
			type: 'tool-result',
			...fields,
			result: content,
			elapsedMs: elapsed,
			size: fitted.size,
			truncated: fitted.truncated,
			recallId: block.id,
			...widget,
			...mocked,
			...(outcome.surfaces ? { surfaces: outcome.surfaces } : {})
		});
	} else {
		ctx.emit({
			type: 'tool-error',
			...fields,
			error: outcome.message,
			code: String(outcome.code),
			result: content,
			elapsedMs: elapsed,
			...mocked
		});
	}
	try {
		ctx.callbacks.onToolCall?.(metrics);
	} catch (error) {
		ctx.emit({
			type: 'warning',
			code: 'callback_failed',
			message: `onToolCall threw: ${errorMessage(error)}`,
			callId: block.id
		});
	}
	return {
		block: { type: 'tool_result', tool_use_id: block.id, content, ...(outcome.ok ? {} : { is_error: true }) },
		metrics
	};
}
