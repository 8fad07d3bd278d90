import { describe, expect, it } from 'vitest';
import { LocalCompletionError, LocalModelEngine } from './engine';
import type { LocalModelInfo } from './model-info';
import type { WorkerRequest, WorkerResponse } from './wire-types';

const info: LocalModelInfo = {
	name: 'm.gguf',
	title: 'm',
	architecture: 'llama',
	sizeBytes: 10,
	contextTokens: 2048,
	trainedContextTokens: 2048,
	vocabularySize: 512,
	layers: 5,
	chatTemplate: 'ChatML',
	templateFallback: true,
	threads: 1
};

/** A stand-in for the worker: records what the page asks and answers with `answer`. */
function fakeWorker(answer: (request: WorkerRequest, reply: (message: WorkerResponse) => void) => void) {
	const requests: WorkerRequest[] = [];
	const worker = {
		onmessage: null as ((event: MessageEvent<WorkerResponse>) => void) | null,
		onerror: null as unknown,
		postMessage(request: WorkerRequest) {
			requests.push(request);
			queueMicrotask(() =>
				answer(request, (message) => worker.onmessage?.({ data: message } as MessageEvent<WorkerResponse>))
			);
		},
		terminate() {}
	};
	return { worker, requests };
}

describe('LocalModelEngine', () => {
	it('shows loading progress, then the model, and loads a stored model by name only once', async () => {
		const { worker, requests } = fakeWorker((request, reply) => {
			if (request.type === 'load') {
				reply({ type: 'progress', id: request.id, stage: 'reading', loaded: 5, total: 10 });
				reply({ type: 'loaded', id: request.id, info, cached: true });
			}
			if (request.type === 'cache-list')
				reply({
					type: 'cache',
					id: request.id,
					entries: [{ name: 'm.gguf', size: 10, savedAt: 1, source: 'file' }],
					kind: 'opfs'
				});
		});
		const engine = new LocalModelEngine(() => worker as unknown as Worker);
		const phases: string[] = [];
		engine.subscribe(() =>
			phases.push(
				engine.state.phase === 'loading' ? `loading ${engine.state.loaded}/${engine.state.total}` : engine.state.phase
			)
		);
		await expect(engine.ensureLoaded('m.gguf')).resolves.toEqual(info);
		expect(phases.slice(0, 3)).toEqual(['loading 0/0', 'loading 5/10', 'ready']);
		expect(requests[0]).toMatchObject({ type: 'load', source: { kind: 'cached', name: 'm.gguf' } });
		await engine.ensureLoaded('m.gguf');
		expect(requests.filter((request) => request.type === 'load')).toHaveLength(1);
		expect(engine.meter?.charsPerToken).toBe(1.4);
	});

	it('streams deltas, asks the worker to stop on abort, and reports failures with their reason', async () => {
		const { worker, requests } = fakeWorker((request, reply) => {
			if (request.type === 'load')
				reply({ type: 'failed', id: request.id, problem: 'not_gguf', message: '"x" is not a GGUF model file' });
			if (request.type === 'complete') reply({ type: 'delta', id: request.id, text: 'Hel' });
			if (request.type === 'abort')
				reply({ type: 'failed', id: request.id, problem: 'aborted', message: 'the request was stopped' });
		});
		const engine = new LocalModelEngine(() => worker as unknown as Worker);
		await expect(engine.load({ kind: 'url', url: 'http://127.0.0.1:1/x' })).rejects.toThrow('is not a GGUF model file');
		expect(engine.state).toEqual({ phase: 'failed', problem: 'not_gguf', message: '"x" is not a GGUF model file' });
		const controller = new AbortController();
		const deltas: string[] = [];
		const done = engine.complete(
			{ messages: [], schema: null, maxTokens: 8, temperature: 0 },
			{ signal: controller.signal, onDelta: (text) => deltas.push(text) }
		);
		await new Promise((resolve) => setTimeout(resolve, 0));
		controller.abort();
		await expect(done).rejects.toBeInstanceOf(LocalCompletionError);
		expect(deltas).toEqual(['Hel']);
		const complete = requests.find((request) => request.type === 'complete')!;
		expect(requests.at(-1)).toEqual({ type: 'abort', id: complete.id });
	});
});
