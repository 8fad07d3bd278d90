/**
 * A remote AG-UI agent as an LlmProvider: one AG-UI run per loop iteration. The request's
 * tools are the run's frontend tools; when the run calls them, the turn ends with tool_use
 * blocks, the loop runs them through the dispatcher and calls again with the results, and the
 * next run carries them as `role: "tool"` messages — until a run calls no frontend tool.
 */
import { AutoUiError, errorMessage, isAbortError, randomId } from '$lib/shared';
import type { LlmProvider, ProviderConfig, ProviderRequest, ProviderTurn, StreamOptions } from '../types';
import { AguiRunAssembler, type ThreadMemory } from './assemble-stream';
import { runAgent } from './client';
import { toRunInput } from './convert-messages';
import { mapStopReason } from './map-stop-reason';

/** What each agent URL keeps between turns on this page: its thread, state and activities. */
const threads = new Map<string, Thread>();

/** One agent's thread: its id, state, activities and the interrupts the last run left open. */
type Thread = ThreadMemory & { threadId: string; interrupts: Array<{ id: string }> };

function thread(url: string): Thread {
	let memory = threads.get(url);
	if (!memory) {
		memory = { threadId: `autoui-${randomId()}`, state: {}, activities: new Map(), interrupts: [] };
		threads.set(url, memory);
	}
	return memory;
}

/** The AG-UI provider for `config.baseUrl` (the agent's run endpoint). */
export class AguiProvider implements LlmProvider {
	readonly id = 'agui' as const;
	readonly model: string;
	readonly #url: string;
	readonly #headers: Record<string, string>;

	constructor(config: ProviderConfig) {
		this.#url = (config.baseUrl ?? '').trim();
		this.model = config.model || 'agent';
		this.#headers = runHeaders(config);
	}

	async streamTurn(request: ProviderRequest, options: StreamOptions = {}): Promise<ProviderTurn> {
		const emit = options.onEvent ?? (() => {});
		const memory = thread(this.#url);
		const input = toRunInput(request, memory.threadId, `run-${randomId()}`, memory.state);
		// The user's next message answers the interrupts the previous run ended with.
		const answer = lastUserText(request);
		if (memory.interrupts.length && answer !== undefined) {
			input.resume = memory.interrupts.map(({ id }) => ({
				interruptId: id,
				status: 'resolved' as const,
				payload: resumePayload(answer)
			}));
		}
		memory.interrupts = [];
		emit({ type: 'request', body: { ...input, context: input.context.map(({ description }) => ({ description })) } });
		const assembler = new AguiRunAssembler(new Set(request.tools.map((tool) => tool.name)), memory, emit, this.#url);
		const started = performance.now();
		let ttftMs: number | null = null;
		try {
			await runAgent(
				this.#url,
				this.#headers,
				input,
				(event) => {
					if (ttftMs === null) {
						ttftMs = Math.round(performance.now() - started);
						emit({ type: 'first-token', afterMs: ttftMs });
					}
					assembler.push(event);
				},
				options.signal
			);
		} catch (error) {
			if (options.signal?.aborted || isAbortError(error)) throw error;
			if (error instanceof AutoUiError) throw error;
			throw toAguiError(error, this.#url);
		}
		if (assembler.error) {
			throw new AutoUiError('provider_stream', `The AG-UI agent reported an error: ${assembler.error.message}`, {
				details: { code: assembler.error.code }
			});
		}
		if (!assembler.finished) {
			emit({
				type: 'agui',
				event: {
					name: 'RUN_FINISHED',
					detail: 'the stream ended without RUN_FINISHED',
					problem: 'missing RUN_FINISHED'
				}
			});
		}
		const message = assembler.finish();
		if (assembler.interrupts.length) {
			memory.interrupts = assembler.interrupts.flatMap((interrupt) => {
				const id = (interrupt as { id?: unknown } | null)?.id;
				return typeof id === 'string' ? [{ id }] : [];
			});
			const asked = interruptText(assembler.interrupts);
			const said = message.content.find((block) => block.type === 'text');
			emit({ type: 'text-delta', text: said ? `\n\n${asked}` : asked });
			if (said) said.text += `\n\n${asked}`;
			else message.content.unshift({ type: 'text', text: asked });
		}
		const calls = message.content.filter((block) => block.type === 'tool_use').length;
		return {
			message,
			stopReason: mapStopReason(calls),
			usage: assembler.usage,
			ttftMs,
			latencyMs: Math.round(performance.now() - started),
			model: this.model
		};
	}
}

/** The headers every request to the agent carries: the settings' headers, the key as a bearer token. */
export function runHeaders(config: ProviderConfig): Record<string, string> {
	return {
		...config.headers,
		...(config.apiKey?.trim() ? { Authorization: `Bearer ${config.apiKey.trim()}` } : {})
	};
}

function lastUserText(request: ProviderRequest): string | undefined {
	const last = request.messages.at(-1);
	if (last?.role !== 'user') return undefined;
	const text = last.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
	return text || undefined;
}

/**
 * What an answer to an interrupt sends back: the interrupt card's buttons send "Approve" or
 * "Reject" (then `approved` says which); any other message is a free answer.
 */
export function resumePayload(answer: string): { answer: string; approved?: boolean } {
	const word = answer.trim().toLowerCase();
	if (word === 'approve') return { answer, approved: true };
	if (word === 'reject') return { answer, approved: false };
	return { answer };
}

function interruptText(interrupts: unknown[]): string {
	const lines = interrupts.map((interrupt) => {
		const { message, reason, id } = (interrupt ?? {}) as Record<string, unknown>;
		return `- ${String(message ?? reason ?? id ?? 'the agent is waiting for an answer').slice(0, 500)}`;
	});
	return `The agent paused and waits for your answer (approve or reject below, or type your answer):\n${lines.join('\n')}`;
}

/** A transport failure as a provider error the chat can explain. */
export function toAguiError(error: unknown, url: string): AutoUiError {
	const message = errorMessage(error);
	const status = /HTTP (\d{3})/.exec(message)?.[1];
	if (status === '401' || status === '403')
		return new AutoUiError(
			'provider_auth',
			`the AG-UI agent at ${url} refused the request (${status}) — check the headers in Settings`,
			{ cause: error }
		);
	if (status)
		return new AutoUiError(
			'provider_unavailable',
			`the AG-UI agent at ${url} answered ${status}: ${message.slice(0, 300)}`,
			{ cause: error, details: { status: Number(status) } }
		);
	return new AutoUiError(
		'provider_network',
		`could not reach the AG-UI agent at ${url} (${message.slice(0, 300)}) — is it running, and does it allow this origin (CORS)?`,
		{ cause: error }
	);
}
