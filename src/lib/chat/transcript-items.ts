/**
 * The chat transcript's display items (one kind per thing the chat shows), the agent's
 * current activity and the sentence for how a turn ended.
 */
import type { DoneReason, ApprovalDecision, ServerRequestMethod, ServerResponseEvent } from '$lib/agent';
import type { ErrorAdvice } from './error-advice';
import type { ToolTaskStatus } from '$lib/shared';

/** Status of a tool chip. `cancelled`: the turn ended before the call finished. */
export type ToolStatus = 'running' | 'done' | 'error' | 'waiting' | 'denied' | 'cancelled';

/** Fields every item has. `key` is unique and stable within a transcript. */
interface ItemBase {
	key: string;
	turnId: string;
	at: number;
}

/** The user's message that started a turn. */
export interface UserItem extends ItemBase {
	kind: 'user';
	text: string;
}

/** The assistant's text of one iteration; `streaming` until that iteration's response. */
export interface AssistantItem extends ItemBase {
	kind: 'assistant';
	iteration: number;
	text: string;
	streaming: boolean;
}

/** One tool call, as a chip. */
export interface ToolItem extends ItemBase {
	kind: 'tool';
	callId: string;
	server?: string;
	tool: string;
	name: string;
	status: ToolStatus;
	args: Record<string, unknown>;
	/** What the model received (result or error text). */
	result?: string;
	error?: string;
	code?: string;
	elapsedMs?: number;
	progress?: { progress: number; total?: number; message?: string };
	/** The call runs as an MCP task: its id, state and the server's last status message. */
	task?: { taskId: string; status: ToolTaskStatus; message?: string };
	truncated?: boolean;
	widgetId?: string;
	decision?: ApprovalDecision;
	/** The answer came from a mock of the tool, not its server. */
	mocked?: boolean;
}

/** A tool waiting for the user's decision. Disappears once decided or the turn ends. */
export interface ApprovalItem extends ItemBase {
	kind: 'approval';
	callId: string;
	server?: string;
	tool: string;
	args: Record<string, unknown>;
	reason: string;
}

/** The turn failed. */
export interface ErrorItem extends ItemBase {
	kind: 'error';
	code: string;
	message: string;
	/** What the other side answered, shown behind Details. */
	detail?: string;
	advice: ErrorAdvice;
}

/** Something the user should notice that did not stop the turn. */
export interface NoticeItem extends ItemBase {
	kind: 'notice';
	code: string;
	message: string;
}

/** What an AG-UI agent reported of its reasoning in one run, shown folded. */
export interface ReasoningItem extends ItemBase {
	kind: 'reasoning';
	text: string;
}

/**
 * A remote AG-UI agent's run ended with an interrupt: its questions, shown as a card with
 * Approve / Reject until the user answers (a button or a typed message), then the answer.
 */
export interface InterruptItem extends ItemBase {
	kind: 'interrupt';
	questions: string[];
	answer?: string;
}

/** The turn ended. */
export interface DoneItem extends ItemBase {
	kind: 'done';
	reason: DoneReason;
	iterations: number;
	toolCalls: number;
	elapsedMs: number;
}

/**
 * A server asked the user something (sampling, elicitation) while the agent's call ran: its
 * card is shown here, beside the call, until it is answered; then how it ended.
 */
export interface ServerRequestItem extends ItemBase {
	kind: 'server-request';
	requestId: string;
	server: string;
	method: ServerRequestMethod;
	callId?: string;
	decision?: ServerResponseEvent['decision'];
}

/** Anything the chat shows. */
export type TranscriptItem =
	| UserItem
	| AssistantItem
	| ToolItem
	| ApprovalItem
	| ErrorItem
	| NoticeItem
	| DoneItem
	| ServerRequestItem
	| ReasoningItem
	| InterruptItem;

/** What the agent is doing right now, for the typing indicator. */
export type Activity = 'idle' | 'thinking' | 'streaming' | 'tools' | 'approval' | 'retrying';

/** A short sentence for how a turn ended; empty for a normal end. */
export function doneLabel(reason: DoneReason): string {
	switch (reason) {
		case 'end_turn':
			return '';
		case 'aborted':
			return 'Stopped.';
		case 'max_iterations':
			return 'Stopped after the maximum number of steps. Ask to continue, or narrow the question.';
		case 'max_tokens':
			return 'The answer hit the output token limit and may be cut off.';
		case 'limit':
			return 'Stopped: a tool-call limit was reached.';
		case 'error':
			return 'The turn failed.';
	}
}

/** The question of one interrupt: its message, else its reason, else a general line. */
export function interruptQuestion(interrupt: unknown): string {
	const { message, reason } = (interrupt ?? {}) as Record<string, unknown>;
	const text = typeof message === 'string' && message ? message : typeof reason === 'string' ? reason : '';
	return (text || 'The agent is waiting for your answer.').slice(0, 500);
}
