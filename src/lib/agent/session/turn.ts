/**
 * One turn of a conversation: the provider and tools resolved now, the loop loaded on first
 * use (it stays out of the first paint), and a turn that cannot start (no provider, bad
 * settings) reported as events, with the user's words kept in the history.
 */
import { AutoUiError, errorMessage, isAbortError } from '$lib/shared';
import type { AgentEvent, ApprovalDecision, DoneEvent } from '../events';
import type { AgentCallbacks } from '../loop/loop-types';
import type { AgentState } from '../loop/state';
import type { ApprovalRequest } from '../policy';
import type { LlmProvider } from '../providers/types';
import type { ChatMessage } from '../types';
import type { TurnRecord } from './conversation-storage';
import type { ConversationDeps } from './deps';

/** The loop and its dispatcher load with the first turn, keeping them out of the first paint. */
const loadLoop = () => import('../loop');

/** What a turn uses of its conversation. */
export interface TurnContext {
	deps: ConversationDeps;
	/** The history now (it may change while the provider resolves). */
	history: () => ChatMessage[];
	/** The session state now (a new conversation replaces it). */
	state: () => AgentState;
	events: () => readonly AgentEvent[];
	emit(event: AgentEvent): void;
	/** Waits for the user's decision on a call (denied when the turn stops). */
	requestApproval(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
}

/** Reports a turn that could not start as events; the history with the user's words. */
function failBeforeStart(turn: TurnRecord, error: unknown, context: TurnContext): ChatMessage[] {
	const at = Date.now();
	const code = error instanceof AutoUiError ? error.code : isAbortError(error) ? 'aborted' : 'internal';
	if (!context.events().some((event) => event.turnId === turn.turnId && event.type === 'turn-start')) {
		context.emit({ type: 'turn-start', at, turnId: turn.turnId, text: turn.input });
	}
	if (code !== 'aborted') context.emit({ type: 'error', at, turnId: turn.turnId, code, message: errorMessage(error) });
	const done: DoneEvent = {
		type: 'done',
		at,
		turnId: turn.turnId,
		reason: code === 'aborted' ? 'aborted' : 'error',
		iterations: 0,
		toolCalls: 0,
		usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
		elapsedMs: 0
	};
	context.emit(done);
	// Keep the user's words in the history so the next turn still has them as context.
	return [...context.history(), { role: 'user', content: [{ type: 'text', text: turn.input }] }];
}

/** Runs one turn; resolves with the history after it. Never throws. */
export async function runTurn(turn: TurnRecord, signal: AbortSignal, context: TurnContext): Promise<ChatMessage[]> {
	const { deps } = context;
	let provider: LlmProvider;
	try {
		provider = await deps.provider(signal);
	} catch (error) {
		return failBeforeStart(turn, error, context);
	}
	const { layers, servers, registry } = deps.tools();
	const callbacks: AgentCallbacks = {
		...deps.ui,
		requestApproval: (request: ApprovalRequest) => context.requestApproval(request, signal)
	};
	try {
		const { runAgentLoop } = await loadLoop();
		const result = await runAgentLoop(turn.input, {
			...deps.loopOptions?.(),
			provider,
			layers,
			servers,
			...(registry ? { registry } : {}),
			history: context.history(),
			state: context.state(),
			callbacks,
			onEvent: context.emit,
			signal,
			turnId: turn.turnId
		});
		return result.messages;
	} catch (error) {
		// The loop reports failures as events; reaching here is a programming error.
		return failBeforeStart(turn, error, context);
	}
}
