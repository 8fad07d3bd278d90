/**
 * The chat transcript: display items derived from AgentEvents. A user message per turn,
 * the assistant's streamed text per iteration, a chip per tool call (with status, elapsed
 * time, arguments and result), approval prompts while a decision is pending, errors with
 * advice, warnings, and a done marker.
 *
 * {@link Transcript} is incremental: `sync(events)` reads only the events appended since the
 * last call. Items are immutable; a changed item is replaced at the same position, and a
 * new `items` array is published only when something changed.
 */
import type { AgentEvent, AguiEvent } from '$lib/agent';
import { EventCursor } from '$lib/console/event-cursor';
import { adviceFor } from './error-advice';
import { interruptQuestion, type Activity, type TranscriptItem, type UserItem } from './transcript-items';

export { doneLabel } from './transcript-items';
export type {
	Activity,
	ApprovalItem,
	AssistantItem,
	DoneItem,
	ErrorItem,
	NoticeItem,
	InterruptItem,
	ReasoningItem,
	ServerRequestItem,
	ToolItem,
	ToolStatus,
	TranscriptItem,
	UserItem
} from './transcript-items';

/** Keeps the transcript of a growing event array. */
export class Transcript {
	#items: TranscriptItem[] = [];
	#published: readonly TranscriptItem[] = [];
	#positions = new Map<string, number>();
	#cursor = new EventCursor();
	#activity: Activity = 'idle';
	#retryUntil = 0;
	#openTurn: string | null = null;

	/** The display items, oldest first. A new array whenever something changed. */
	get items(): readonly TranscriptItem[] {
		return this.#published;
	}

	/** What the agent of the latest turn is doing. */
	get activity(): Activity {
		return this.#activity;
	}

	/** The latest user message (for retry and edit), if any. */
	lastUser(): UserItem | undefined {
		for (let i = this.#items.length - 1; i >= 0; i--) {
			const item = this.#items[i];
			if (item.kind === 'user') return item;
		}
		return undefined;
	}

	/** Brings items up to date with `events`; returns true when they changed. */
	sync(events: readonly AgentEvent[]): boolean {
		const { reset, start, end } = this.#cursor.advance(events);
		if (reset) {
			this.#items = [];
			this.#positions.clear();
			this.#activity = 'idle';
			this.#openTurn = null;
		}
		if (start === end && !reset) return false;
		for (let i = start; i < end; i++) this.#add(events[i]);
		this.#published = this.#items.slice();
		return true;
	}

	#push(item: TranscriptItem): void {
		this.#positions.set(item.key, this.#items.length);
		this.#items.push(item);
	}

	#get<K extends TranscriptItem['kind']>(key: string, kind: K): Extract<TranscriptItem, { kind: K }> | undefined {
		const position = this.#positions.get(key);
		if (position === undefined) return undefined;
		const item = this.#items[position];
		return item.kind === kind ? (item as Extract<TranscriptItem, { kind: K }>) : undefined;
	}

	#replace(item: TranscriptItem): void {
		const position = this.#positions.get(item.key);
		if (position !== undefined) this.#items[position] = item;
	}

	#remove(key: string): void {
		const position = this.#positions.get(key);
		if (position === undefined) return;
		this.#items.splice(position, 1);
		this.#positions.delete(key);
		for (let i = position; i < this.#items.length; i++) this.#positions.set(this.#items[i].key, i);
	}

	#add(event: AgentEvent): void {
		const base = { turnId: event.turnId, at: event.at };
		// Calls the model did not make (workbench, refreshes, app views) belong to the console,
		// not the conversation; only a decision they wait for (approval) is asked here.
		if ('origin' in event && event.origin && event.origin !== 'model') {
			if (event.type === 'approval-request') this.#pushCall(event, { kind: 'approval', reason: event.reason });
			else if (event.type === 'approval-decision') this.#remove(`approval:${event.callId}`);
			return;
		}
		switch (event.type) {
			case 'turn-start':
				this.#openTurn = event.turnId;
				this.#activity = 'thinking';
				// A turn with no words continues an earlier one (a task's result after a reload).
				if (event.text) {
					this.#answerInterrupts(event.text);
					this.#push({ ...base, kind: 'user', key: `user:${event.turnId}`, text: event.text });
				}
				return;
			case 'request':
				this.#activity = 'thinking';
				return;
			case 'retry':
				this.#activity = 'retrying';
				this.#retryUntil = event.at + event.delayMs;
				return;
			case 'text-delta': {
				this.#activity = 'streaming';
				const key = `text:${event.turnId}:${event.iteration}`;
				const old = this.#get(key, 'assistant');
				if (old) this.#replace({ ...old, text: old.text + event.text });
				else
					this.#push({
						...base,
						kind: 'assistant',
						key,
						iteration: event.iteration,
						text: event.text,
						streaming: true
					});
				return;
			}
			case 'response': {
				const old = this.#get(`text:${event.turnId}:${event.iteration}`, 'assistant');
				if (old) this.#replace({ ...old, streaming: false });
				this.#activity = event.toolCalls > 0 ? 'tools' : 'thinking';
				return;
			}
			case 'tool-call': {
				this.#activity = 'tools';
				const key = `tool:${event.callId}`;
				const old = this.#get(key, 'tool');
				if (old) return;
				this.#pushCall(event, { kind: 'tool', name: event.name, status: 'running' });
				return;
			}
			case 'tool-progress': {
				const old = this.#get(`tool:${event.callId}`, 'tool');
				if (old)
					this.#replace({ ...old, progress: { progress: event.progress, total: event.total, message: event.message } });
				return;
			}
			case 'task-status': {
				const old = this.#get(`tool:${event.callId}`, 'tool');
				if (old)
					this.#replace({
						...old,
						task: { taskId: event.taskId, status: event.status, message: event.message ?? old.task?.message }
					});
				return;
			}
			case 'tool-result':
			case 'tool-error': {
				const old = this.#get(`tool:${event.callId}`, 'tool');
				if (!old) return;
				const failed = event.type === 'tool-error';
				// A refused or stopped call still ends with a tool-error (the model reads why): show
				// "denied" or "cancelled", not a failure of the tool.
				const denied = failed && (old.status === 'denied' || event.code === 'denied');
				const cancelled = failed && event.code === 'aborted';
				this.#replace({
					...old,
					status: denied ? 'denied' : cancelled ? 'cancelled' : failed ? 'error' : 'done',
					result: event.result,
					elapsedMs: event.elapsedMs,
					error: failed ? event.error : undefined,
					code: failed ? event.code : undefined,
					truncated: failed ? undefined : event.truncated,
					widgetId: failed ? undefined : event.widgetId,
					...(event.mocked ? { mocked: true } : {})
				});
				return;
			}
			case 'approval-request': {
				this.#activity = 'approval';
				const old = this.#get(`tool:${event.callId}`, 'tool');
				if (old) this.#replace({ ...old, status: 'waiting' });
				else this.#pushCall(event, { kind: 'tool', name: event.name, status: 'waiting' });
				this.#pushCall(event, { kind: 'approval', reason: event.reason });
				return;
			}
			case 'approval-decision': {
				this.#remove(`approval:${event.callId}`);
				const old = this.#get(`tool:${event.callId}`, 'tool');
				if (old)
					this.#replace({ ...old, decision: event.decision, status: event.decision === 'deny' ? 'denied' : 'running' });
				if (!this.#items.some((item) => item.kind === 'approval')) this.#activity = 'tools';
				return;
			}
			case 'server-request':
				// Requests during calls made by hand or with no call are answered in the workbench or the dock.
				if (event.origin !== 'model') return;
				this.#activity = 'approval';
				this.#push({
					...base,
					kind: 'server-request',
					key: `server-request:${event.requestId}`,
					requestId: event.requestId,
					server: event.server,
					method: event.method,
					callId: event.callId
				});
				return;
			case 'server-response': {
				const old = this.#get(`server-request:${event.requestId}`, 'server-request');
				if (!old) return;
				this.#replace({ ...old, decision: event.decision });
				if (
					this.#activity === 'approval' &&
					!this.#items.some((item) => item.kind === 'approval' || (item.kind === 'server-request' && !item.decision))
				)
					this.#activity = 'tools';
				return;
			}
			case 'agui':
				return this.#agentTool(event, base);
			case 'warning':
				this.#push({
					...base,
					kind: 'notice',
					key: `notice:${event.turnId}:${event.at}:${this.#items.length}`,
					code: event.code,
					message: event.message
				});
				return;
			case 'error':
				this.#push({
					...base,
					kind: 'error',
					key: `error:${event.turnId}:${this.#items.length}`,
					code: event.code,
					message: event.message,
					...(event.detail ? { detail: event.detail } : {}),
					advice: adviceFor(event.code, event.message)
				});
				return;
			case 'done':
				this.#finish(event.turnId);
				if (this.#openTurn === event.turnId) this.#activity = 'idle';
				this.#push({
					...base,
					kind: 'done',
					key: `done:${event.turnId}`,
					reason: event.reason,
					iterations: event.iterations,
					toolCalls: event.toolCalls,
					elapsedMs: event.elapsedMs
				});
				return;
			default:
				return;
		}
	}

	/**
	 * An AG-UI agent's reasoning (folded), the tools it runs itself (chips with their results)
	 * and the interrupts a run ended with (a card until the user answers).
	 */
	#agentTool(event: AguiEvent, base: { turnId: string; at: number }): void {
		const data = (event.data ?? {}) as {
			toolCallId?: string;
			toolName?: string;
			frontend?: boolean;
			content?: string;
			text?: string;
			interrupts?: unknown[];
		};
		if (event.name === 'REASONING_MESSAGE_CONTENT' || event.name === 'REASONING_MESSAGE_CHUNK') {
			const key = `reasoning:${event.turnId}:${event.iteration}`;
			const old = this.#get(key, 'reasoning');
			if (old) this.#replace({ ...old, text: (old.text + (data.text ?? '')).slice(0, 20_000) });
			else this.#push({ ...base, kind: 'reasoning', key, text: data.text ?? '' });
			return;
		}
		if (event.name === 'RUN_FINISHED' && Array.isArray(data.interrupts) && data.interrupts.length) {
			const questions = data.interrupts.map(interruptQuestion);
			this.#push({ ...base, kind: 'interrupt', key: `interrupt:${event.turnId}:${event.iteration}`, questions });
			return;
		}
		if (!data.toolCallId) return;
		const key = `tool:${data.toolCallId}`;
		if (event.name === 'TOOL_CALL_START' && data.frontend === false && !this.#get(key, 'tool')) {
			this.#push({
				...base,
				kind: 'tool',
				key,
				callId: data.toolCallId,
				server: 'agent',
				tool: data.toolName ?? 'tool',
				name: data.toolName ?? 'tool',
				status: 'running',
				args: {}
			});
		} else if (event.name === 'TOOL_CALL_RESULT') {
			const old = this.#get(key, 'tool');
			if (old) this.#replace({ ...old, status: 'done', result: data.content ?? '' });
		}
	}

	/** An item about one call (its chip, its approval prompt), from the event that first shows it. */
	#pushCall(
		event: Extract<AgentEvent, { type: 'tool-call' | 'approval-request' }>,
		item: { kind: 'tool'; name: string; status: 'running' | 'waiting' } | { kind: 'approval'; reason?: string }
	): void {
		const { turnId, at, callId, server, args } = event;
		const tool = event.tool ?? event.resolvedName;
		this.#push({ turnId, at, key: `${item.kind}:${callId}`, callId, server, tool, args, ...item } as TranscriptItem);
	}

	/** The user's next message answers the interrupts still open. */
	#answerInterrupts(answer: string): void {
		this.#items.forEach((item) => {
			if (item.kind === 'interrupt' && item.answer === undefined) this.#replace({ ...item, answer });
		});
	}

	/** Settles a finished turn: running chips become cancelled, streaming stops, prompts go. */
	#finish(turnId: string): void {
		for (let i = this.#items.length - 1; i >= 0; i--) {
			const item = this.#items[i];
			if (item.turnId !== turnId) {
				if (item.kind === 'user') break;
				continue;
			}
			if (item.kind === 'tool' && (item.status === 'running' || item.status === 'waiting'))
				this.#items[i] = { ...item, status: 'cancelled' };
			else if (item.kind === 'assistant' && item.streaming) this.#items[i] = { ...item, streaming: false };
			else if (item.kind === 'user') break;
		}
		for (const item of this.#items.filter((entry) => entry.kind === 'approval' && entry.turnId === turnId))
			this.#remove(item.key);
	}

	/** Epoch ms until which a provider retry waits (for "retrying in …"). */
	get retryUntil(): number {
		return this.#retryUntil;
	}
}

/** Derives the items of an event array at once. */
export function deriveTranscript(events: readonly AgentEvent[]): readonly TranscriptItem[] {
	const transcript = new Transcript();
	transcript.sync(events);
	return transcript.items;
}
