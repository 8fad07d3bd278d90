/**
 * Reads one AG-UI run's events into the neutral assistant turn. Text streams as text deltas,
 * calls of the frontend tools (those in the request) become tool_use blocks the loop runs,
 * and everything else (the agent's own tool calls, state, activities, steps) is reported as
 * an `agui` event. Every event is checked and bounded here: unknown types, out-of-order ends,
 * oversized deltas and floods are reported and left out, never thrown into the page.
 */
import { AutoUiError } from '$lib/shared';
import type { AssistantMessage, TextBlock, ToolUseBlock, Usage } from '../../types';
import type { AguiEventSummary, ProviderEvent } from '../types';
import { applyBoundedPatch, boundedCopy, documentSize, type PatchOperation } from '$lib/shared/bounded-patch';
import { activityEvent, eventUsage } from './app-events';
import type { RawAguiEvent } from './wire-types';

/** Limits of one run. */
export const aguiLimits = {
	/** Events one run may send before it is stopped. */
	events: 20_000,
	/** Events of one run shown in the console; the rest are counted. */
	reported: 400,
	/** Characters of text (all messages) and of one tool call's arguments. */
	text: 200_000,
	/** Characters of one state or activity payload (snapshot or delta). */
	payload: 1_000_000,
	/** Characters of a payload copied into a console entry. */
	preview: 100_000
};

/** What the run left for the next one: the agent's shared state and its open activities. */
export interface ThreadMemory {
	state: unknown;
	activities: Map<string, { activityType: string; content: unknown }>;
}

interface PendingCall {
	id: string;
	name: string;
	args: string;
	frontend: boolean;
	ended: boolean;
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

function size(value: unknown): number {
	try {
		return JSON.stringify(value)?.length ?? 0;
	} catch {
		return Infinity;
	}
}

/** Folds the events of one run; `finish()` gives the assistant message. */
export class AguiRunAssembler {
	readonly #frontendTools: ReadonlySet<string>;
	readonly #emit: (event: ProviderEvent) => void;
	readonly #memory: ThreadMemory;
	readonly #agent: string | undefined;
	#events = 0;
	#usage: { sum: Usage; final?: Usage } = {
		sum: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }
	};
	#reported = 0;
	#textChars = 0;
	#texts = new Map<string, string>();
	#openTexts = new Set<string>();
	#calls = new Map<string, PendingCall>();
	#runId: string | undefined;
	#finished = false;
	/** The RUN_ERROR message, when the agent reported one. */
	error: { message: string; code?: string } | undefined;
	/** The open interrupts of a run that finished with the `interrupt` outcome. */
	interrupts: unknown[] = [];

	/** `agent`: the agent's URL (a View it opens may load through it). */
	constructor(
		frontendTools: ReadonlySet<string>,
		memory: ThreadMemory,
		emit: (event: ProviderEvent) => void,
		agent?: string
	) {
		this.#frontendTools = frontendTools;
		this.#memory = memory;
		this.#emit = emit;
		this.#agent = agent;
	}

	get finished(): boolean {
		return this.#finished;
	}

	/** The run's token usage: a terminal event's totals, else the sum of what its events reported. */
	get usage(): Usage {
		return this.#usage.final ?? this.#usage.sum;
	}

	#countUsage(event: RawAguiEvent): void {
		const reported = eventUsage(event);
		if (!reported) return;
		if (reported.final) this.#usage.final = reported.usage;
		else
			for (const key of Object.keys(this.#usage.sum) as Array<keyof Usage>) this.#usage.sum[key] += reported.usage[key];
	}

	#report(summary: AguiEventSummary): void {
		this.#reported++;
		if (this.#reported <= aguiLimits.reported)
			this.#emit({ type: 'agui', event: { ...summary, ...(this.#runId ? { runId: this.#runId } : {}) } });
		else if (this.#reported === aguiLimits.reported + 1) {
			this.#emit({
				type: 'agui',
				event: { name: 'LIMIT', detail: `more than ${aguiLimits.reported} events in this run; the rest are not listed` }
			});
		}
	}

	#problem(name: string, problem: string): void {
		this.#report({ name, detail: problem, problem });
	}

	/** Reads one event. Throws AutoUiError only when the run must stop (too many events). */
	push(event: RawAguiEvent): void {
		if (++this.#events > aguiLimits.events) {
			throw new AutoUiError(
				'provider_stream',
				`the AG-UI agent sent more than ${aguiLimits.events} events in one run; the run was stopped`
			);
		}
		const name = typeof event?.type === 'string' ? event.type : 'UNKNOWN';
		this.#countUsage(event);
		switch (name) {
			case 'RUN_STARTED':
				this.#runId = text(event.runId);
				return this.#report({ name, detail: `run ${this.#runId ?? '?'}` });
			case 'RUN_FINISHED':
				return this.#runFinished(event);
			case 'RUN_ERROR':
				this.error = {
					message: text(event.message)?.slice(0, 2000) || 'the agent reported an error',
					...(text(event.code) ? { code: text(event.code) } : {})
				};
				this.#finished = true;
				return this.#report({ name, detail: this.error.message });
			case 'TEXT_MESSAGE_START':
			case 'TEXT_MESSAGE_CONTENT':
			case 'TEXT_MESSAGE_CHUNK':
			case 'TEXT_MESSAGE_END':
				return this.#text(name, event);
			case 'TOOL_CALL_START':
			case 'TOOL_CALL_ARGS':
			case 'TOOL_CALL_CHUNK':
			case 'TOOL_CALL_END':
				return this.#toolCall(name, event);
			case 'TOOL_CALL_RESULT':
				return this.#report({
					name,
					detail: `result of ${this.#calls.get(String(event.toolCallId))?.name ?? String(event.toolCallId)}`,
					data: { toolCallId: text(event.toolCallId), content: String(event.content ?? '').slice(0, 2000) }
				});
			case 'STATE_SNAPSHOT':
			case 'STATE_DELTA':
				return this.#state(name, event);
			case 'ACTIVITY_SNAPSHOT':
			case 'ACTIVITY_DELTA':
				return this.#activity(name, event);
			case 'REASONING_START':
			case 'REASONING_END':
			case 'REASONING_MESSAGE_START':
			case 'REASONING_MESSAGE_END':
				return this.#report({ name, detail: 'reasoning' });
			case 'REASONING_MESSAGE_CONTENT':
			case 'REASONING_MESSAGE_CHUNK':
				return this.#report({ name, detail: 'reasoning', data: { text: String(event.delta ?? '').slice(0, 4000) } });
			case 'STEP_STARTED':
			case 'STEP_FINISHED':
				return this.#report({ name, detail: String(event.stepName ?? '').slice(0, 200) });
			case 'MESSAGES_SNAPSHOT':
			case 'CUSTOM':
			case 'RAW':
			case 'REASONING_ENCRYPTED_VALUE':
			case 'SUBAGENT_STARTED':
			case 'SUBAGENT_FINISHED':
			case 'SUBAGENT_ERROR':
				return this.#report({
					name,
					detail: typeof event.name === 'string' ? event.name.slice(0, 200) : 'not used by AutoUI'
				});
			default:
				return this.#problem(
					'UNKNOWN',
					`unknown event type ${JSON.stringify(String(event?.type ?? '')).slice(0, 80)}, ignored`
				);
		}
	}

	#runFinished(event: RawAguiEvent): void {
		this.#finished = true;
		const outcome = event.outcome as { type?: string; interrupts?: unknown } | undefined;
		if (outcome?.type === 'interrupt' && Array.isArray(outcome.interrupts))
			this.interrupts = outcome.interrupts.slice(0, 20);
		this.#report({
			name: 'RUN_FINISHED',
			detail: outcome?.type ? `outcome: ${outcome.type}` : 'finished',
			...(this.interrupts.length ? { data: { interrupts: this.interrupts } } : {})
		});
	}

	#text(name: string, event: RawAguiEvent): void {
		const id = text(event.messageId) ?? [...this.#openTexts].at(-1) ?? 'text';
		if (name === 'TEXT_MESSAGE_START' || (name === 'TEXT_MESSAGE_CHUNK' && !this.#openTexts.has(id))) {
			this.#openTexts.add(id);
			if (!this.#texts.has(id)) this.#texts.set(id, '');
			if (name === 'TEXT_MESSAGE_START') return this.#report({ name, detail: `message ${id}` });
		}
		if (name === 'TEXT_MESSAGE_END') {
			if (!this.#openTexts.delete(id)) return this.#problem(name, `end of message ${id} that was not started, ignored`);
			return this.#report({ name, detail: `message ${id}` });
		}
		if (!this.#openTexts.has(id)) return this.#problem(name, `text for message ${id} that was not started, ignored`);
		let delta = text(event.delta) ?? '';
		if (this.#textChars + delta.length > aguiLimits.text) {
			delta = delta.slice(0, Math.max(0, aguiLimits.text - this.#textChars));
			this.#problem(name, `text past ${aguiLimits.text} characters was left out`);
		}
		if (!delta) return;
		this.#textChars += delta.length;
		const previous = this.#texts.get(id) ?? '';
		const separator = previous === '' && [...this.#texts.values()].some((value) => value !== '') ? '\n\n' : '';
		this.#texts.set(id, previous + delta);
		this.#emit({ type: 'text-delta', text: separator + delta });
		this.#report({ name, detail: delta.slice(0, 120) });
	}

	#toolCall(name: string, event: RawAguiEvent): void {
		const id = text(event.toolCallId) ?? [...this.#calls.values()].filter((call) => !call.ended).at(-1)?.id;
		if (!id) return this.#problem(name, 'a tool call event without toolCallId, ignored');
		let call = this.#calls.get(id);
		const starts = name === 'TOOL_CALL_START' || (name === 'TOOL_CALL_CHUNK' && !call);
		if (starts) {
			if (call) return this.#problem(name, `tool call ${id} started twice, ignored`);
			const toolName = text(event.toolCallName) ?? '';
			if (!toolName) return this.#problem(name, `tool call ${id} has no name, ignored`);
			call = { id, name: toolName, args: '', frontend: this.#frontendTools.has(toolName), ended: false };
			this.#calls.set(id, call);
			if (call.frontend) this.#emit({ type: 'tool-call-start', id, name: toolName });
			this.#report({
				name: 'TOOL_CALL_START',
				detail: `${toolName}${call.frontend ? ' (runs in AutoUI)' : ' (runs in the agent)'}`,
				data: { toolCallId: id, toolName, frontend: call.frontend }
			});
			if (name === 'TOOL_CALL_START') return;
		}
		if (!call || call.ended) return this.#problem(name, `tool call ${id} is not open, ignored`);
		if (name === 'TOOL_CALL_END') {
			call.ended = true;
			return this.#report({ name, detail: call.name });
		}
		const delta = text(event.delta) ?? '';
		if (call.args.length + delta.length > aguiLimits.text)
			return this.#problem(name, `arguments of ${call.name} past ${aguiLimits.text} characters were left out`);
		call.args += delta;
		if (call.frontend) this.#emit({ type: 'tool-input-delta', id, name: call.name, json: call.args });
		this.#report({ name, detail: delta.slice(0, 120) });
	}

	#state(name: string, event: RawAguiEvent): void {
		const payload = name === 'STATE_SNAPSHOT' ? event.snapshot : event.delta;
		if (size(payload) > aguiLimits.payload)
			return this.#problem(name, `state larger than ${aguiLimits.payload} characters, ignored`);
		try {
			this.#memory.state =
				name === 'STATE_SNAPSHOT'
					? boundedCopy(payload ?? {})
					: applyBoundedPatch(this.#memory.state, this.#operations(payload));
		} catch (error) {
			return this.#problem(
				name,
				`state not applied (it stays as it was): ${error instanceof Error ? error.message : String(error)}`
			);
		}
		const state = this.#memory.state;
		this.#emit({ type: 'state', state });
		this.#report({
			name,
			detail: name === 'STATE_DELTA' ? `${(payload as unknown[]).length} operations` : 'new state',
			...(documentSize(state) <= aguiLimits.preview ? { data: { state } } : {})
		});
	}

	#operations(payload: unknown): PatchOperation[] {
		if (!Array.isArray(payload)) throw new Error('a delta must be a list of JSON Patch operations');
		return payload as PatchOperation[];
	}

	#activity(name: string, event: RawAguiEvent): void {
		const id = text(event.messageId);
		if (!id) return this.#problem(name, 'an activity without messageId, ignored');
		const payload = name === 'ACTIVITY_SNAPSHOT' ? event.content : event.patch;
		if (size(payload) > aguiLimits.payload)
			return this.#problem(name, `activity larger than ${aguiLimits.payload} characters, ignored`);
		const known = this.#memory.activities.get(id);
		const activityType = text(event.activityType) ?? known?.activityType ?? '';
		try {
			const content =
				name === 'ACTIVITY_SNAPSHOT'
					? event.replace === false && known
						? known.content
						: boundedCopy(payload ?? {})
					: applyBoundedPatch(known?.content ?? {}, this.#operations(payload));
			this.#memory.activities.set(id, { activityType, content });
			if (this.#memory.activities.size > 200)
				this.#memory.activities.delete(this.#memory.activities.keys().next().value as string);
			this.#report({
				name,
				detail: `${activityType || 'activity'} ${id}`,
				data: { messageId: id, activityType, content }
			});
			const translated = activityEvent(id, activityType, content, this.#agent);
			if (translated && 'event' in translated) this.#emit(translated.event);
			else if (translated) this.#problem(name, translated.problem);
		} catch (error) {
			this.#problem(name, `activity ${id} not applied: ${error instanceof Error ? error.message : String(error)}`);
		}
	}

	/** The assistant message of the run: its text, then the frontend tool calls to run. */
	finish(): AssistantMessage {
		const content: Array<TextBlock | ToolUseBlock> = [];
		const said = [...this.#texts.values()].filter(Boolean).join('\n\n');
		if (said) content.push({ type: 'text', text: said });
		for (const call of this.#calls.values()) {
			if (!call.frontend) continue;
			if (!call.ended)
				this.#problem(
					'TOOL_CALL_END',
					`tool call ${call.id} (${call.name}) never ended; it runs with the arguments received`
				);
			content.push(toolUse(call));
		}
		return { role: 'assistant', content };
	}
}

function toolUse(call: PendingCall): ToolUseBlock {
	const raw = call.args.trim() || '{}';
	try {
		const input = JSON.parse(raw);
		if (input && typeof input === 'object' && !Array.isArray(input))
			return { type: 'tool_use', id: call.id, name: call.name, input };
		return {
			type: 'tool_use',
			id: call.id,
			name: call.name,
			input: {},
			invalidArguments: { raw: raw.slice(0, 2000), error: 'the arguments are not a JSON object' }
		};
	} catch (error) {
		return {
			type: 'tool_use',
			id: call.id,
			name: call.name,
			input: {},
			invalidArguments: { raw: raw.slice(0, 2000), error: error instanceof Error ? error.message : String(error) }
		};
	}
}
