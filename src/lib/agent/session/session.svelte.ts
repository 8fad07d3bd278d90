/**
 * The thin reactive adapter the UI uses: a `Conversation` (framework-free) mirrored into
 * runes. Events are published at most once per animation frame, so a fast token stream
 * does not re-render the chat and console for every delta.
 */
import type { AgentEvent, ApprovalDecision } from '../events';
import { Conversation, type ConversationDeps, type RerunResult } from './conversation';
import type { DirectCallOutcome, DirectCallRequest } from '../dispatch/direct-call';

/** What a session needs: everything a conversation needs except the change hook. */
export type AgentSessionDeps = Omit<ConversationDeps, 'onChange'>;

const frame: (callback: () => void) => unknown =
	typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback) => setTimeout(callback, 16);

/** Reactive conversation state for the chat, the console and the header. */
export class AgentSession {
	#conversation: Conversation;
	#events = $state.raw<readonly AgentEvent[]>([]);
	#busy = $state(false);
	#scheduled = false;

	constructor(deps: AgentSessionDeps) {
		this.#conversation = new Conversation({ ...deps, onChange: () => this.#schedule() });
	}

	/** Every event of the conversation, oldest first (a new array after each change). */
	get events(): readonly AgentEvent[] {
		return this.#events;
	}

	/** True while a turn runs. */
	get busy(): boolean {
		return this.#busy;
	}

	/** Loads the saved conversation; returns a notice when it could not be used. */
	restore(): Promise<string | null> {
		return this.#conversation.restore();
	}

	send = (text: string): Promise<void> => this.#conversation.send(text);
	stop = (): void => this.#conversation.stop();
	retry = (): Promise<void> => this.#conversation.retry();
	edit = (turnId: string, text: string): Promise<void> => this.#conversation.edit(turnId, text);
	newConversation = (): void => this.#conversation.newConversation();
	decide = (callId: string, decision: ApprovalDecision): void => this.#conversation.decide(callId, decision);
	rerun = (callId: string): Promise<RerunResult> => this.#conversation.rerun(callId);
	isReadOnlyCall = (callId: string): boolean => this.#conversation.isReadOnlyCall(callId);
	flush = (): Promise<void> => this.#conversation.flush();
	/** Adds an event from outside the loop: a server's request, its outcome, its log messages, an MCP App view's messages. */
	record = (event: AgentEvent): void => this.#conversation.record(event);
	/** Runs a call the model did not make, through the agent's per-call path (see Conversation.callTool). */
	callTool = (request: DirectCallRequest): Promise<DirectCallOutcome> => this.#conversation.callTool(request);
	/** Switches to the conversation saved under `key` (see `Conversation.switchTo`). */
	switchTo = (key: string): Promise<string | null> => this.#conversation.switchTo(key);

	#schedule(): void {
		// Busy changes publish at once so the Stop button appears without a frame's delay.
		this.#busy = this.#conversation.busy;
		if (this.#scheduled) return;
		this.#scheduled = true;
		frame(() => {
			this.#scheduled = false;
			this.#events = this.#conversation.events.slice();
			this.#busy = this.#conversation.busy;
		});
	}
}
