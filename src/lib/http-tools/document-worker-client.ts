/**
 * Runs `readToolDocument` in a worker and stops it after `timeoutMs`: a `$ref` or alias bomb
 * that slips past the bounds costs a worker, never the page.
 */
import { AutoUiError, type ErrorCode } from '$lib/shared';
import type { LoadedToolSet } from './load-document';

type Answer = { ok: true; set: LoadedToolSet } | { ok: false; code: ErrorCode; message: string };

export function readInWorker(text: string, source: string | undefined, timeoutMs: number): Promise<LoadedToolSet> {
	const worker = new Worker(new URL('./document-worker.ts', import.meta.url), {
		type: 'module',
		name: 'tool-document'
	});
	return new Promise<LoadedToolSet>((resolve, reject) => {
		const timer = setTimeout(() => {
			worker.terminate();
			reject(
				new AutoUiError(
					'invalid_descriptor',
					`Reading the document took longer than ${timeoutMs / 1000} s and was stopped; it may expand without bound (YAML aliases or $refs).`
				)
			);
		}, timeoutMs);
		worker.onmessage = (event: MessageEvent<Answer>) => {
			clearTimeout(timer);
			worker.terminate();
			const answer = event.data;
			if (answer.ok) resolve(answer.set);
			else reject(new AutoUiError(answer.code, answer.message));
		};
		worker.onerror = (event) => {
			clearTimeout(timer);
			worker.terminate();
			reject(
				new AutoUiError(
					'invalid_descriptor',
					`The document could not be read: ${event.message || 'the reader stopped'}.`
				)
			);
		};
		worker.postMessage({ text, source });
	});
}
