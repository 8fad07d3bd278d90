/**
 * Step "approve": a call the policy flags (destructive, or not read-only in cautious mode)
 * waits for the user's decision, unless they chose "always allow" for the tool earlier.
 * Without anyone to ask, such a call is denied; a stop during the wait cancels it.
 */
import { errorMessage } from '$lib/shared';
import type { ApprovalDecision } from '../events';
import { approvalReason } from '../policy';
import type { RegistryEntry } from '../tools/registry';
import type { ToolUseBlock } from '../types';
import { raceSignal } from './async';
import { cancelled, failure, type CallFields, type DispatchContext, type Outcome } from './context';

type ToolEntry = Extract<RegistryEntry, { kind: 'tool' }>;

/** Asks for approval when needed; the outcome of a denied (or cancelled) call, else undefined. */
export async function askApproval(
	ctx: DispatchContext,
	entry: ToolEntry,
	block: ToolUseBlock,
	fields: CallFields,
	args: Record<string, unknown>
): Promise<Outcome | undefined> {
	const reason = approvalReason(ctx.policy, entry.tool, entry.server.layer.protocol);
	if (!reason || ctx.state.alwaysAllow.has(entry.name)) return undefined;
	ctx.emit({ type: 'approval-request', ...fields, args, reason });
	const { layer } = entry.server;
	const ask = ctx.callbacks.requestApproval;
	let decision: ApprovalDecision = 'deny';
	if (ask) {
		try {
			const request = {
				callId: block.id,
				name: block.name,
				server: layer.serverName,
				protocol: layer.protocol,
				tool: entry.tool.name,
				args,
				reason,
				description: entry.tool.description,
				annotations: entry.tool.annotations
			};
			decision = await raceSignal(ask(request), ctx.signal);
		} catch (error) {
			if (ctx.signal?.aborted) return cancelled();
			ctx.emit({
				type: 'warning',
				code: 'approval_failed',
				message: `Asking for approval failed: ${errorMessage(error)}`,
				callId: block.id
			});
		}
	}
	ctx.emit({ type: 'approval-decision', ...fields, decision });
	if (decision === 'deny') {
		const why = ask
			? 'The user denied this call.'
			: "This call needs the user's approval, and no one can approve it here.";
		return failure('denied', `${why} Do not retry it; continue without it or ask the user.`);
	}
	if (decision === 'allow-always') ctx.state.alwaysAllow.add(entry.name);
	return undefined;
}
