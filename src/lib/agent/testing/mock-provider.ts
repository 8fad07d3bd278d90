/**
 * A scripted LlmProvider for tests. It records every ProviderRequest it receives (deep
 * copies, so later changes cannot rewrite what was sent) and plays a script of turns. A
 * turn may be a function of the received request, e.g. to read back a widget id from the
 * last tool_result. Streams text deltas, honours the AbortSignal, and can fail or retry.
 */
import { AutoUiError, sleep } from '$lib/shared';
import type { LlmProvider, ProviderId, ProviderRequest, ProviderTurn, StreamOptions } from '../providers/types';
import type { AssistantMessage, StopReason, ToolResultBlock, Usage } from '../types';

/** One scripted assistant turn. */
export interface MockTurn {
	/** Text of the turn; an array is streamed as separate deltas. */
	text?: string | string[];
	/** Tool calls; ids default to `toolu_<request>_<index>`. */
	toolCalls?: Array<{
		id?: string;
		name: string;
		input?: Record<string, unknown>;
		invalidArguments?: { raw: string; error: string };
	}>;
	/** Defaults to `tool_use` when there are tool calls, else `end_turn`. */
	stopReason?: StopReason;
	usage?: Partial<Usage>;
	/** Wait this long (ms) before answering; aborts early with the signal. */
	delayMs?: number;
	/** Stream the text, then wait until the signal aborts (to test a user stop mid-stream). */
	hang?: boolean;
	/** Throw this instead of answering. */
	error?: Error;
	/** Report these retries (as a provider would) before answering. */
	retries?: Array<{ attempt: number; delayMs: number; reason: string; status?: number }>;
	ttftMs?: number | null;
}

/** A script entry: a turn, or a function computing it from the request. */
export type MockStep = MockTurn | ((request: ProviderRequest, index: number) => MockTurn);

/** The mock provider plus what it was asked. */
export interface MockProvider extends LlmProvider {
	/** Every request received, in order. */
	readonly requests: ProviderRequest[];
	/** Steps not played yet. */
	readonly remaining: number;
}

/** Creates a mock provider that plays `script` in order and throws when it runs out. */
export function createMockProvider(
	script: MockStep[],
	options: { id?: ProviderId; model?: string } = {}
): MockProvider {
	const requests: ProviderRequest[] = [];
	const steps = [...script];
	return {
		id: options.id ?? 'anthropic',
		model: options.model ?? 'mock-model',
		requests,
		get remaining() {
			return steps.length;
		},
		async streamTurn(request: ProviderRequest, stream: StreamOptions = {}): Promise<ProviderTurn> {
			const index = requests.length;
			requests.push(structuredClone(request));
			const { signal, onEvent } = stream;
			if (signal?.aborted) throw new AutoUiError('aborted', 'The request was cancelled.');
			const step = steps.shift();
			if (!step) throw new AutoUiError('internal', `Mock provider script exhausted at request ${index + 1}.`);
			const turn = typeof step === 'function' ? step(request, index) : step;
			const started = Date.now();
			for (const retry of turn.retries ?? []) onEvent?.({ type: 'retry', ...retry });
			if (turn.delayMs)
				await sleep(turn.delayMs, signal, () => new AutoUiError('aborted', 'The request was cancelled.'));
			if (turn.error) throw turn.error;
			const deltas = turn.text === undefined ? [] : Array.isArray(turn.text) ? turn.text : [turn.text];
			if (deltas.length) onEvent?.({ type: 'first-token', afterMs: Date.now() - started });
			for (const delta of deltas) onEvent?.({ type: 'text-delta', text: delta });
			if (turn.hang) {
				await new Promise<never>((_, reject) => {
					if (signal?.aborted) reject(new AutoUiError('aborted', 'The request was cancelled.'));
					signal?.addEventListener('abort', () => reject(new AutoUiError('aborted', 'The request was cancelled.')), {
						once: true
					});
				});
			}
			const message: AssistantMessage = { role: 'assistant', content: [] };
			if (deltas.length) message.content.push({ type: 'text', text: deltas.join('') });
			(turn.toolCalls ?? []).forEach((call, position) => {
				const id = call.id ?? `toolu_${index + 1}_${position + 1}`;
				onEvent?.({ type: 'tool-call-start', id, name: call.name });
				message.content.push({
					type: 'tool_use',
					id,
					name: call.name,
					input: call.input ?? {},
					...(call.invalidArguments ? { invalidArguments: call.invalidArguments } : {})
				});
			});
			return {
				message,
				stopReason: turn.stopReason ?? (turn.toolCalls?.length ? 'tool_use' : 'end_turn'),
				usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0, ...turn.usage },
				ttftMs: turn.ttftMs === undefined ? (deltas.length ? Date.now() - started : null) : turn.ttftMs,
				latencyMs: Date.now() - started,
				model: options.model ?? 'mock-model'
			};
		}
	};
}

/** The "[Result id: … Shape: …]" note a data result ends with (see references/shape.ts). */
const referenceNote = /\n\n\[Result id: [^\n]*\]$/;

/** A result's text without its reference note, for tests about the result's own body. */
export function withoutReferenceNote(text: string): string {
	return text.replace(referenceNote, '');
}

/**
 * The tool_results of the last user message of a request (helper for scripted steps). Data
 * results come without their reference note unless `raw` is set, so tests of a result's
 * body read what the server answered.
 */
export function lastToolResults(request: ProviderRequest, { raw = false } = {}): ToolResultBlock[] {
	const last = request.messages[request.messages.length - 1];
	if (!last || last.role !== 'user') return [];
	const blocks = last.content.filter((block): block is ToolResultBlock => block.type === 'tool_result');
	return raw ? blocks : blocks.map((block) => ({ ...block, content: withoutReferenceNote(block.content) }));
}
