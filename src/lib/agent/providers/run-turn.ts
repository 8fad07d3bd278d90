/**
 * The part of streaming one assistant turn that both wire formats share: the `request`
 * event, retries (only while nothing has been streamed yet — a retry after text reached the
 * screen would repeat it), first-token timing, abort handling and the final typed error.
 * Each provider supplies `attempt`, which streams once and assembles the message.
 */
import { AutoUiError } from '$lib/shared';
import type { AssistantMessage, StopReason, Usage } from '../types';
import { classifyFailure, toProviderError, type ErrorContext } from './provider-errors';
import { createInputThrottle } from './input-throttle';
import { abortedError, withRetry } from './retry';
import type { ProviderTurn, RetryOptions, StreamOptions } from './types';

/** Callbacks an attempt calls as content streams in. */
export interface AttemptHandlers {
	text(delta: string): void;
	toolCallStart(id: string, name: string): void;
	/** The accumulated argument text of a tool call that is still streaming. */
	toolInput(id: string, name: string, json: string): void;
}

/** What one successful attempt assembled. */
export interface AttemptResult {
	message: AssistantMessage;
	stopReason: StopReason;
	usage: Usage;
	model: string;
}

/** One wire format's way of streaming a turn. */
export interface TurnDriver {
	/** The exact request body, reported in the `request` event (it never holds the key). */
	body: unknown;
	attempt(signal: AbortSignal, handlers: AttemptHandlers): Promise<AttemptResult>;
}

/** A failure after content was streamed: never retried. */
class AfterContentError extends Error {
	constructor(readonly inner: unknown) {
		super('failed after content was streamed');
	}
}

/** Streams one turn through `driver` with retries, events and typed errors. */
export async function runTurn(
	driver: TurnDriver,
	context: ErrorContext & { retry?: RetryOptions },
	options: StreamOptions = {}
): Promise<ProviderTurn> {
	const emit = options.onEvent ?? (() => {});
	const outer = options.signal;
	if (outer?.aborted) throw abortedError();
	emit({ type: 'request', body: driver.body });
	let partialText = '';
	const partial = (): AssistantMessage => ({
		role: 'assistant',
		content: partialText ? [{ type: 'text', text: partialText }] : []
	});

	return withRetry(
		async () => {
			const controller = new AbortController();
			const forwardAbort = () => controller.abort(outer?.reason);
			outer?.addEventListener('abort', forwardAbort, { once: true });
			const started = performance.now();
			let firstAt: number | null = null;
			let streamed = false;
			const inputs = createInputThrottle((id, name, json) => emit({ type: 'tool-input-delta', id, name, json }));
			const markFirst = () => {
				streamed = true;
				if (firstAt === null) {
					firstAt = performance.now();
					emit({ type: 'first-token', afterMs: Math.round(firstAt - started) });
				}
			};
			const handlers: AttemptHandlers = {
				text(delta) {
					if (!delta) return;
					markFirst();
					partialText += delta;
					emit({ type: 'text-delta', text: delta });
				},
				toolCallStart(id, name) {
					markFirst();
					emit({ type: 'tool-call-start', id, name });
				},
				toolInput(id, name, json) {
					markFirst();
					inputs.push(id, name, json);
				}
			};
			try {
				const result = await driver.attempt(controller.signal, handlers);
				if (outer?.aborted) throw abortedError();
				const ended = performance.now();
				return {
					...result,
					ttftMs: firstAt === null ? null : Math.round(firstAt - started),
					latencyMs: Math.round(ended - started)
				};
			} catch (error) {
				if (outer?.aborted) throw abortedError();
				throw streamed ? new AfterContentError(error) : error;
			} finally {
				inputs.stop();
				outer?.removeEventListener('abort', forwardAbort);
			}
		},
		{
			classify: (error) =>
				error instanceof AfterContentError ? { retryable: false, reason: 'stream failed' } : classifyFailure(error),
			finalError: (error, _failure, retries) => {
				const afterContent = error instanceof AfterContentError;
				const inner = afterContent ? error.inner : error;
				const typed = toProviderError(inner, context, retries, afterContent);
				return new AutoUiError(typed.code, typed.message, {
					cause: inner,
					details: { ...(typed.details as object), partial: partial() }
				});
			},
			onRetry: (notice) => {
				partialText = '';
				emit({ type: 'retry', ...notice });
			}
		},
		context.retry,
		outer
	).catch((error: unknown) => {
		if (error instanceof AutoUiError && error.code === 'aborted')
			throw new AutoUiError('aborted', error.message, { details: { partial: partial() } });
		throw error;
	});
}
