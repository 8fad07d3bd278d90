/// <reference lib="webworker" />
/**
 * Reads a tool document off the main thread: JSON or YAML, then the OpenAPI import or the
 * descriptor parser, with the expansion bounds of `readToolDocument`. The page stops this
 * worker when it takes too long (document-worker-client.ts).
 */
import { AutoUiError, errorMessage } from '$lib/shared';
import { readToolDocument } from './load-document';

self.onmessage = async (event: MessageEvent<{ text: string; source?: string }>) => {
	try {
		const set = await readToolDocument(event.data.text, event.data.source);
		self.postMessage({ ok: true, set });
	} catch (error) {
		self.postMessage({
			ok: false,
			code: error instanceof AutoUiError ? error.code : 'invalid_descriptor',
			message: errorMessage(error)
		});
	}
};
