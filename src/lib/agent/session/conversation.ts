/**
 * A conversation: the turns a user has with the agent, as the UI sees them. It owns the
 * history sent to the provider, the session state (recall buffer, activations, approvals),
 * the event log the chat and console read, and the abort controller of the running turn.
 * Framework-free; `session.svelte.ts` mirrors it into runes.
 *
 * Persistence: after each turn (and debounced while one runs) the history, the events and
 * the turn list are saved through a KeyValueStore; a saved state that cannot be read is
 * reported and skipped, never fatal. A task call still running when the page went away is
 * picked up again after the restore (`task-resume.ts`) and its result continues the turn.
 */
import { AutoUiError, errorMessage, randomId } from '$lib/shared';
import type { DirectCallCache, DirectCallOutcome, DirectCallRequest } from '../dispatch/direct-call';
import type { AgentEvent, ApprovalDecision } from '../events';
import { createAgentState, type AgentState } from '../loop/state';
import type { ApprovalRequest } from '../policy';
import type { ChatMessage } from '../types';
import {
	conversationStorageKey as storageKey,
	expireUnanswered,
	isSavedConversation as isSaved,
	restoredState,
	savedConversation,
	type TurnRecord
} from './conversation-storage';
import type { ConversationDeps, RerunResult } from './deps';
import { callTool, isReadOnlyCall, rerun } from './tool-calls';
import { runTurn } from './turn';
import { pendingTasks } from './pending-tasks';
import type { ResumedTask } from './task-resume';

export { compactTextDeltas } from './conversation-storage';
export type { ConversationDeps, ConversationTools, RerunResult } from './deps';

/** A conversation with the agent: send, stop, retry, edit, approve, re-run, persist. */
export class Conversation {
	#deps: ConversationDeps;
	#history: ChatMessage[] = [];
	#events: AgentEvent[] = [];
	#turns: TurnRecord[] = [];
	#state: AgentState = createAgentState();
	#controller: AbortController | null = null;
	#running: Promise<void> | null = null;
	#approvals = new Map<string, (decision: ApprovalDecision) => void>();
	#saveTimer: ReturnType<typeof setTimeout> | null = null;
	#key: string;
	#directCalls: DirectCallCache = {};
	/** Changes when another conversation takes this one's place (resumed tasks then stay quiet). */
	#generation = 0;
	#resuming = new Set<string>();
	/** Aborts the task resumes of the events shown now when they are replaced (another conversation, a reset). */
	#resumeStop = new AbortController();

	constructor(deps: ConversationDeps) {
		this.#deps = deps;
		this.#key = deps.storageKey ?? storageKey;
	}

	/** The key the conversation is saved under now. */
	get storageKey(): string {
		return this.#key;
	}

	/**
	 * Leaves this conversation for the one saved under `key`: the running turn stops, what is
	 * pending is saved under the old key, then the other conversation is restored (empty when
	 * nothing is saved there). Returns the restore notice, as `restore()` does.
	 */
	async switchTo(key: string): Promise<string | null> {
		this.stop();
		await this.#running?.catch(() => undefined);
		// Only a conversation with something to keep is saved: an empty one never overwrites a saved chat.
		if (this.#saveTimer || this.#turns.length) await this.flush();
		this.#key = key;
		this.#reset();
		return this.restore();
	}

	/** Every event of the conversation, oldest first. Do not mutate. */
	get events(): readonly AgentEvent[] {
		return this.#events;
	}

	/** The messages the provider will see next turn. */
	get history(): readonly ChatMessage[] {
		return this.#history;
	}

	/** True while a turn runs. */
	get busy(): boolean {
		return this.#controller !== null;
	}

	/** The last user input, for "retry". */
	get lastInput(): string | undefined {
		return this.#turns[this.#turns.length - 1]?.input;
	}

	/** Loads the saved conversation; returns a message when the saved state was unusable. */
	async restore(): Promise<string | null> {
		if (!this.#deps.store) return null;
		try {
			const key = this.#key;
			const saved = await this.#deps.store.get(key);
			if (saved === undefined || key !== this.#key) return null;
			if (!isSaved(saved)) {
				await this.#deps.store.delete(key);
				return 'The saved chat was in an unknown format and was skipped.';
			}
			this.#history = saved.history;
			// Server requests the page that held them could not answer never wait again.
			this.#events = expireUnanswered(saved.events, this.#deps.answerable);
			this.#turns = saved.turns;
			this.#state = restoredState(saved.agent);
			this.#deps.onChange();
			this.#resumeTasks();
			return null;
		} catch (error) {
			return `The saved chat could not be read (${errorMessage(error)}); starting a new one.`;
		}
	}

	/** Starts a turn. Resolves when it ended (successfully or not); never throws. */
	send(text: string): Promise<void> {
		const input = text.trim();
		if (!input || this.busy) return this.#running ?? Promise.resolve();
		return this.#begin(input);
	}

	/** Starts a turn with `input` (empty: the model continues from the history). */
	#begin(input: string): Promise<void> {
		const controller = new AbortController();
		this.#controller = controller;
		const turn: TurnRecord = {
			turnId: randomId('t_', 10),
			input,
			historyStart: this.#history.length
		};
		this.#turns.push(turn);
		this.#deps.onChange();
		this.#running = this.#run(turn, controller).finally(() => {
			this.#controller = null;
			this.#running = null;
			for (const resolve of this.#approvals.values()) resolve('deny');
			this.#approvals.clear();
			this.#deps.onChange();
			this.#scheduleSave(0);
		});
		return this.#running;
	}

	/** Aborts the running turn at once; the loop still closes the history validly. */
	stop(): void {
		this.#controller?.abort(new AutoUiError('aborted', 'Stopped by the user.'));
		for (const resolve of this.#approvals.values()) resolve('deny');
		this.#approvals.clear();
	}

	/** Runs the last user input again, replacing that turn. */
	async retry(): Promise<void> {
		const last = this.#turns[this.#turns.length - 1];
		if (!last?.input || this.busy) return;
		this.#dropTurnsFrom(this.#turns.length - 1);
		await this.send(last.input);
	}

	/** Replaces the turn `turnId` (and every turn after it) with a new input. */
	async edit(turnId: string, text: string): Promise<void> {
		const index = this.#turns.findIndex((turn) => turn.turnId === turnId);
		if (index < 0 || this.busy || !text.trim()) return;
		this.#dropTurnsFrom(index);
		await this.send(text);
	}

	/** Empties history, events, turns and agent state, forgets pending resumes, and tells the page. */
	#reset(): void {
		this.#forgetResumes();
		this.#history = [];
		this.#events = [];
		this.#turns = [];
		this.#state = createAgentState();
		this.#deps.onChange();
	}

	/** Forgets the conversation (history, events, recall buffer); the canvas is untouched. */
	newConversation(): void {
		this.stop();
		this.#reset();
		this.#scheduleSave(0);
	}

	/** Answers a pending approval request. */
	decide(callId: string, decision: ApprovalDecision): void {
		const resolve = this.#approvals.get(callId);
		if (!resolve) return;
		this.#approvals.delete(callId);
		resolve(decision);
	}

	/** True when `callId` waits for the user's decision. */
	isPending(callId: string): boolean {
		return this.#approvals.has(callId);
	}

	/** True when re-running the logged call is safe: its tool is annotated read-only, or it is an in-page display tool. */
	isReadOnlyCall(callId: string): boolean {
		return isReadOnlyCall(this.#deps, this.#events, callId);
	}

	/**
	 * Runs a call the model did not make (workbench, live widget refresh, MCP App view)
	 * through the same per-call path as the agent's, in this conversation: its events reach
	 * the console (with `origin`), its result can be referenced with `{"$ref"}` and recalled.
	 */
	async callTool(request: DirectCallRequest): Promise<DirectCallOutcome> {
		const outcome = await callTool(request, {
			deps: this.#deps,
			state: this.#state,
			cache: this.#directCalls,
			emit: this.#emit,
			requestApproval: (approval) => this.#waitForDecision(approval, request.signal)
		});
		this.#scheduleSave();
		return outcome;
	}

	/**
	 * Adds an event that happened outside the loop (a server's request, its outcome, its log
	 * messages, an MCP App view's messages) to this conversation, so the console lists it and traces keep it.
	 */
	record(event: AgentEvent): void {
		this.#emit(event);
		this.#scheduleSave();
	}

	/** Runs a logged tool call again against its server with the same arguments. */
	rerun(callId: string, signal?: AbortSignal): Promise<RerunResult> {
		return rerun(this.#deps, this.#events, callId, signal);
	}

	/** Saves now (used on page hide). */
	async flush(): Promise<void> {
		if (this.#saveTimer) clearTimeout(this.#saveTimer);
		this.#saveTimer = null;
		await this.#save();
	}

	#dropTurnsFrom(index: number): void {
		const turn = this.#turns[index];
		const firstEvent = this.#events.findIndex((event) => event.turnId === turn.turnId);
		this.#history = this.#history.slice(0, turn.historyStart);
		if (firstEvent >= 0) this.#events = this.#events.slice(0, firstEvent);
		this.#turns = this.#turns.slice(0, index);
		this.#deps.onChange();
	}

	#emit = (event: AgentEvent): void => {
		// Streaming arguments are for live listeners (an MCP App view); the tool-call keeps them whole.
		if (event.type === 'tool-input-delta') {
			this.#deps.onEvent?.(event);
			return;
		}
		this.#events.push(event);
		this.#deps.onEvent?.(event);
		this.#deps.onChange();
		// A task's id is saved at once: a reload right after must still find it.
		if (event.type === 'done' || event.type === 'task-status') this.#scheduleSave(0);
	};

	/** Picks up the task calls the restored events leave running. */
	#resumeTasks(): void {
		const generation = this.#generation;
		const current = () => generation === this.#generation;
		const pending = pendingTasks(this.#events).filter((task) => !this.#resuming.has(task.call.callId));
		if (!pending.length) return;
		// The resuming code loads only when a restored conversation has a task still running.
		const loaded = import('./task-resume');
		for (const task of pending) {
			this.#resuming.add(task.call.callId);
			void loaded
				.then(({ resumeTask }) =>
					resumeTask(task, {
						servers: () => this.#deps.tools().servers,
						state: this.#state,
						emit: (event) => {
							if (current()) this.#emit(event);
						},
						signal: this.#resumeStop.signal
					})
				)
				.then(async (resumed) => {
					if (!current()) return;
					this.#resuming.delete(task.call.callId);
					this.#scheduleSave(0);
					if (!resumed.task.call.origin || resumed.task.call.origin === 'model') await this.#continueWith(resumed);
				});
		}
	}

	/** Hands a resumed task's result to the model: the interrupted exchange, then a turn that continues it. */
	async #continueWith(resumed: ResumedTask): Promise<void> {
		const generation = this.#generation;
		while (this.#running) await this.#running.catch(() => undefined);
		if (generation !== this.#generation) return;
		const turn = this.#turns.find((candidate) => candidate.turnId === resumed.task.call.turnId);
		const { historyWithTask } = await import('./task-resume');
		this.#history = historyWithTask(this.#history, resumed, turn?.input);
		await this.#begin('');
	}

	#forgetResumes(): void {
		this.#generation++;
		this.#resuming.clear();
		this.#resumeStop.abort();
		this.#resumeStop = new AbortController();
	}

	/** A pending approval: resolved by `decide`, denied when `signal` aborts or the turn ends. */
	#waitForDecision(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
		return new Promise<ApprovalDecision>((resolve) => {
			if (signal?.aborted) return resolve('deny');
			this.#approvals.set(request.callId, resolve);
			this.#deps.onChange();
		});
	}

	async #run(turn: TurnRecord, controller: AbortController): Promise<void> {
		this.#history = await runTurn(turn, controller.signal, {
			deps: this.#deps,
			history: () => this.#history,
			state: () => this.#state,
			events: () => this.#events,
			emit: this.#emit,
			requestApproval: (request, signal) => this.#waitForDecision(request, signal)
		});
	}

	#scheduleSave(delay = 500): void {
		if (!this.#deps.store) return;
		if (this.#saveTimer) clearTimeout(this.#saveTimer);
		this.#saveTimer = setTimeout(() => {
			this.#saveTimer = null;
			void this.#save();
		}, delay);
	}

	async #save(): Promise<void> {
		if (!this.#deps.store) return;
		const saved = savedConversation(this.#history, this.#events, this.#turns, this.#state);
		try {
			// Structured clone rejects proxies and functions; JSON round-trip keeps plain data.
			await this.#deps.store.set(this.#key, JSON.parse(JSON.stringify(saved)));
		} catch (error) {
			// The conversation stays usable in memory; the user is told it is not saved.
			this.#deps.onSaveError?.(
				`The conversation could not be saved (${errorMessage(error)}). It stays open in this tab; export a trace from the console to keep it.`
			);
		}
	}
}
