/**
 * The AG-UI transport: the official `HttpAgent` builds the request (POST of `RunAgentInput`,
 * SSE accepted, the configured headers) and `@ag-ui/client` parses the SSE stream. Events come
 * out as parsed JSON, unvalidated, so `assemble-stream.ts` can bound and report a malformed
 * or unknown event instead of failing the whole run.
 */
import { HttpAgent, parseSSEStream, runHttpRequest } from '@ag-ui/client';
import type { RawAguiEvent, RunAgentInput } from './wire-types';

class StreamingAgent extends HttpAgent {
	/** One run's events, parsed from SSE but not yet checked. */
	events(input: RunAgentInput) {
		return parseSSEStream(runHttpRequest(() => this.fetch(this.url, this.requestInit(input))));
	}
}

/** Runs `input` at `url`, calling `onEvent` per event; resolves when the stream ends. */
export function runAgent(
	url: string,
	headers: Record<string, string>,
	input: RunAgentInput,
	onEvent: (event: RawAguiEvent) => void,
	signal?: AbortSignal
): Promise<void> {
	const agent = new StreamingAgent({ url, headers, threadId: input.threadId });
	const controller = new AbortController();
	agent.abortController = controller;
	return new Promise<void>((resolve, reject) => {
		const abort = () => {
			subscription.unsubscribe();
			controller.abort();
			reject(new DOMException('The run was stopped', 'AbortError'));
		};
		const subscription = agent.events(input).subscribe({
			next: (event) => {
				try {
					onEvent(event && typeof event === 'object' ? (event as RawAguiEvent) : { type: 'UNKNOWN' });
				} catch (error) {
					subscription?.unsubscribe();
					controller.abort();
					signal?.removeEventListener('abort', abort);
					reject(error);
				}
			},
			error: (error) => {
				signal?.removeEventListener('abort', abort);
				reject(error);
			},
			complete: () => {
				signal?.removeEventListener('abort', abort);
				resolve();
			}
		});
		if (signal?.aborted) abort();
		else signal?.addEventListener('abort', abort, { once: true });
	});
}
