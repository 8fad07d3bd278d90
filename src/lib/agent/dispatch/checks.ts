/**
 * Step "check": the tool policy before a call may run — call limits (per turn, per
 * session), the blocklist and the size of the arguments — and, once the arguments are
 * known, the loop check (the same call again and again earns a warning with its result).
 */
import { isPlainObject, safeStringify } from '$lib/shared';
import { isBlocked } from '../policy';
import type { RegistryEntry } from '../tools/registry';
import type { ToolUseBlock } from '../types';
import { failure, type DispatchContext, type Outcome } from './context';

/** JSON with sorted keys, so equal arguments give equal text (loop detection). */
export function stableStringify(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
	if (isPlainObject(value)) {
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`)
			.join(',')}}`;
	}
	return safeStringify(value);
}

/** The tool's own name (for blocklist patterns that name it without its prefix). */
function ownName(entry: RegistryEntry): string {
	return entry.kind === 'tool' ? entry.tool.name : entry.kind === 'pseudo' ? entry.pseudo : entry.name;
}

/**
 * Counts the call against the limits and refuses it when a limit is reached, the blocklist
 * names the tool or its arguments are too long; undefined when it may go on.
 */
export function checkPolicy(ctx: DispatchContext, entry: RegistryEntry, block: ToolUseBlock): Outcome | undefined {
	const { policy, turn, state } = ctx;
	// Only the model's calls spend the session's budget: a live widget's refresh, a call made by
	// hand or by a view never leaves the agent with `limit_exceeded`.
	const spendsSession = (ctx.origin ?? 'model') === 'model';
	if (turn.calls >= policy.maxCallsPerTurn || (spendsSession && state.totalCalls >= policy.maxCallsPerSession)) {
		turn.limitHit = true;
		const which =
			turn.calls >= policy.maxCallsPerTurn
				? `${policy.maxCallsPerTurn} tool calls per turn`
				: `${policy.maxCallsPerSession} tool calls per session`;
		return failure(
			'limit_exceeded',
			`The limit of ${which} is reached; this call was not run. Answer with what you have.`
		);
	}
	turn.calls++;
	if (spendsSession) state.totalCalls++;
	if (isBlocked(policy, entry.name, ownName(entry)))
		return failure('blocked', `${entry.name} is blocked by the tool policy and cannot be called.`);
	const argsText = safeStringify(block.input ?? {});
	if (argsText.length > policy.maxArgsChars) {
		return failure(
			'invalid_argument',
			`The arguments are ${argsText.length} characters long; the limit is ${policy.maxArgsChars}. Send smaller arguments.`
		);
	}
	return undefined;
}

/** Counts identical calls in the session; from the threshold on, returns (and emits) the warning. */
export function checkLoop(
	ctx: DispatchContext,
	entry: RegistryEntry,
	block: ToolUseBlock,
	args: Record<string, unknown>
): string | undefined {
	const key = `${entry.name} ${stableStringify(args)}`;
	const count = (ctx.state.callCounts.get(key) ?? 0) + 1;
	ctx.state.callCounts.set(key, count);
	if (count < ctx.policy.loopThreshold) return undefined;
	const warning = `You called ${block.name} with the same arguments ${count} times in this conversation. Use the result you have, change the arguments, or stop.`;
	ctx.emit({ type: 'warning', code: 'loop_detected', message: warning, callId: block.id });
	return warning;
}
