/**
 * How a conversation is saved: its history, events and turns, plus the part of the agent
 * state the history depends on (activated servers and tools, the newest full results for
 * recall, the iteration counters). Reading is defensive: a saved state from another
 * version, or a damaged one, is reported by the caller and skipped, never trusted.
 */
import type { AgentEvent } from '../events';
import { createAgentState, type AgentState, type StoredResult } from '../loop/state';
import type { ChatMessage } from '../types';

/** One user turn as the conversation remembers it. */
export interface TurnRecord {
	turnId: string;
	input: string;
	/** Index in history where this turn's user message starts. */
	historyStart: number;
}

/**
 * The part of the agent state the history depends on: which servers and tools were made
 * callable. Restored with the history so the next request offers every tool the history
 * used (providers reject a tool_use of a tool not offered) in the same order (prompt cache).
 */
export interface SavedAgentState {
	activeServers: string[];
	exposedTools: string[];
	/** Full results behind recall(id), newest kept within the limits below. */
	results?: Array<[string, StoredResult]>;
	/** The global iteration counter and when each result was produced (for compression). */
	iteration?: number;
	resultIterations?: Array<[string, number]>;
}

/** How much of the recall buffer is saved with a conversation. */
const savedResultLimits = { entries: 200, chars: 2_000_000 } as const;

/** The newest stored results that fit the saving limits, oldest first. */
export function savedResults(state: AgentState): Array<[string, StoredResult]> {
	const kept: Array<[string, StoredResult]> = [];
	let chars = 0;
	for (const id of state.results.ids().reverse()) {
		const result = state.results.get(id)!;
		if (kept.length >= savedResultLimits.entries || chars + result.text.length > savedResultLimits.chars) break;
		chars += result.text.length;
		const { value: _value, ...saved } = result;
		kept.unshift([id, saved]);
	}
	return kept;
}

export interface SavedConversation {
	version: 1;
	history: ChatMessage[];
	events: AgentEvent[];
	turns: TurnRecord[];
	/** Absent in conversations saved by earlier versions. */
	agent?: SavedAgentState;
}

/** What is saved of a conversation: its history, compacted events, turns and agent state. */
export function savedConversation(
	history: ChatMessage[],
	events: readonly AgentEvent[],
	turns: TurnRecord[],
	state: AgentState
): SavedConversation {
	return {
		version: 1,
		history,
		events: compactTextDeltas(events),
		turns,
		agent: {
			activeServers: [...state.activeServers],
			exposedTools: [...state.exposedTools],
			results: savedResults(state),
			iteration: state.iteration,
			resultIterations: [...state.resultIterations]
		}
	};
}

/** The key conversations are saved under. */
export const conversationStorageKey = 'chat.v1';

/** Merges the text-delta events of each iteration into one, so saved traces stay small. */
export function compactTextDeltas(events: readonly AgentEvent[]): AgentEvent[] {
	const out: AgentEvent[] = [];
	for (const event of events) {
		const last = out[out.length - 1];
		if (
			event.type === 'text-delta' &&
			last?.type === 'text-delta' &&
			last.turnId === event.turnId &&
			last.iteration === event.iteration
		) {
			out[out.length - 1] = { ...last, text: last.text + event.text };
		} else {
			out.push(event);
		}
	}
	return out;
}

/** An agent state that continues a saved conversation (an unusable saved part is ignored). */
export function restoredState(saved: SavedAgentState | undefined): AgentState {
	const state = createAgentState();
	if (!saved || typeof saved !== 'object') return state;
	const strings = (value: unknown): string[] =>
		Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
	for (const key of strings(saved.activeServers)) state.activeServers.add(key);
	for (const name of strings(saved.exposedTools)) state.exposedTools.add(name);
	for (const entry of Array.isArray(saved.results) ? saved.results : []) {
		const [id, result] = Array.isArray(entry) ? entry : [];
		if (typeof id === 'string' && result && typeof result.text === 'string') {
			state.results.set(id, {
				text: result.text,
				name: String(result.name ?? ''),
				size: Number(result.size) || result.text.length,
				...(result.data === true ? { data: true } : {})
			});
		}
	}
	if (Number.isInteger(saved.iteration) && saved.iteration! >= 0) state.iteration = saved.iteration!;
	for (const entry of Array.isArray(saved.resultIterations) ? saved.resultIterations : []) {
		if (Array.isArray(entry) && typeof entry[0] === 'string' && Number.isInteger(entry[1]))
			state.resultIterations.set(entry[0], entry[1]);
	}
	return state;
}

export function isSavedConversation(value: unknown): value is SavedConversation {
	if (typeof value !== 'object' || value === null) return false;
	const saved = value as Partial<SavedConversation>;
	return (
		saved.version === 1 && Array.isArray(saved.history) && Array.isArray(saved.events) && Array.isArray(saved.turns)
	);
}
