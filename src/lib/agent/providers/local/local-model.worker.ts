/**
 * The local-model worker: owns the in-browser runtime (wllama: llama.cpp compiled to
 * WebAssembly, which runs its own inner worker), the loaded model and the cache of model
 * files, so nothing of loading or generating runs on the page's thread. The runtime and its
 * .wasm file are served by the app (no CDN). Threads: several when the page is
 * cross-origin isolated (SharedArrayBuffer available), one otherwise — the app is not
 * isolated by default, since isolation would block the MCP Apps sandbox frames and remote
 * images.
 */
/// <reference lib="webworker" />
import { Wllama } from '@wllama/wllama';
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import { templateKnowsTools } from './model-capability';
import { openModelCache, type ModelCache } from './model-cache';
import { DownloadTooBig, readBounded } from './bounded-download';
import {
	classifyLoadFailure,
	memoryLimitBytes,
	problemMessage,
	readGgufHeader,
	templateFamily,
	type LocalModelInfo,
	type LocalModelProblem
} from './model-info';
import type { CompletionBody, ModelSource, WorkerRequest, WorkerResponse } from './wire-types';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerResponse) => scope.postMessage(message);
/** Enough of the file to read its header (tokenizer arrays may be long). */
const HEADER_BYTES = 4 * 1024 * 1024;
const DEFAULT_MAX_CONTEXT = 8192;

let runtime: Wllama | null = null;
let loaded: LocalModelInfo | null = null;
let loads: Promise<unknown> = Promise.resolve();
const completions = new Map<number, AbortController>();
const nativeLog: string[] = [];
const cache: Promise<ModelCache | null> = openModelCache();

class LoadProblem extends Error {
	constructor(
		readonly problem: LocalModelProblem,
		message: string
	) {
		super(message);
	}
}

const logger = {
	debug: () => {},
	log: (...args: unknown[]) => remember(args),
	warn: (...args: unknown[]) => remember(args),
	error: (...args: unknown[]) => remember(args)
};

function remember(args: unknown[]): void {
	nativeLog.push(args.map(String).join(' '));
	if (nativeLog.length > 40) nativeLog.shift();
}

function threadCount(): number {
	if (!scope.crossOriginIsolated) return 1;
	return Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
}

async function download(
	id: number,
	url: string,
	deviceMemoryGb: number | undefined
): Promise<{ blob: Blob; name: string }> {
	let response: Response;
	try {
		response = await fetch(url);
	} catch (error) {
		throw new LoadProblem(
			'download',
			problemMessage('download', { reason: error instanceof Error ? error.message : String(error) })
		);
	}
	if (!response.ok || !response.body)
		throw new LoadProblem('download', problemMessage('download', { reason: `the server answered ${response.status}` }));
	const name = decodeURIComponent(new URL(url, scope.location.href).pathname.split('/').pop() || 'model.gguf');
	// Never more than the memory limit in memory: a declared length over it is refused at once.
	const limit = memoryLimitBytes(deviceMemoryGb);
	try {
		const blob = await readBounded(response, limit, (received, total) =>
			post({ type: 'progress', id, stage: 'downloading', loaded: received, total })
		);
		return { blob, name };
	} catch (error) {
		if (error instanceof DownloadTooBig)
			throw new LoadProblem('too_big', problemMessage('too_big', { name, size: error.size, limit }));
		throw error;
	}
}

async function resolveSource(
	id: number,
	source: ModelSource,
	deviceMemoryGb: number | undefined
): Promise<{ blob: Blob; name: string; url?: string; fromCache: boolean }> {
	if (source.kind === 'file') return { blob: source.file, name: source.file.name, fromCache: false };
	if (source.kind === 'url')
		return { ...(await download(id, source.url, deviceMemoryGb)), url: source.url, fromCache: false };
	const blob = await (await cache)?.get(source.name);
	if (!blob)
		throw new LoadProblem(
			'no_model',
			`"${source.name}" is no longer stored in this browser — choose the GGUF file again in Settings`
		);
	return { blob, name: source.name, fromCache: true };
}

async function checkFile(blob: Blob, name: string, deviceMemoryGb: number | undefined) {
	const limit = memoryLimitBytes(deviceMemoryGb);
	if (blob.size > limit) throw new LoadProblem('too_big', problemMessage('too_big', { name, size: blob.size, limit }));
	const header = readGgufHeader(await blob.slice(0, HEADER_BYTES).arrayBuffer());
	if (!header) throw new LoadProblem('not_gguf', problemMessage('not_gguf', { name }));
	if (!header.complete && blob.size <= HEADER_BYTES)
		throw new LoadProblem('corrupt', problemMessage('corrupt', { name, reason: 'the file ends inside its header' }));
	if (header.complete && header.tensorCount === 0)
		throw new LoadProblem('corrupt', problemMessage('corrupt', { name, reason: 'it holds no weights' }));
	if (header.minimumSize !== null && blob.size < header.minimumSize)
		throw new LoadProblem(
			'corrupt',
			problemMessage('corrupt', {
				name,
				reason: `the file ends before its weights do: ${blob.size} of at least ${header.minimumSize} bytes`
			})
		);
	return header;
}

async function load(request: Extract<WorkerRequest, { type: 'load' }>): Promise<void> {
	const { id } = request;
	const source = await resolveSource(id, request.source, request.deviceMemoryGb);
	const { blob, name } = source;
	post({ type: 'progress', id, stage: 'reading', loaded: 0, total: blob.size });
	const header = await checkFile(blob, name, request.deviceMemoryGb);
	const architecture = String(header.metadata['general.architecture'] ?? 'unknown');
	post({ type: 'progress', id, stage: 'starting', loaded: blob.size, total: blob.size });
	const trained = Number(header.metadata[`${architecture}.context_length`]) || 0;
	const contextTokens = Math.max(
		256,
		Math.min(trained || DEFAULT_MAX_CONTEXT, request.maxContextTokens ?? DEFAULT_MAX_CONTEXT)
	);
	await runtime?.exit().catch(() => {});
	runtime = null;
	loaded = null;
	nativeLog.length = 0;
	const next = new Wllama({ default: wasmUrl }, { logger, suppressNativeLog: false });
	// The runtime reports some failures only in its log (the load "succeeds" with no context).
	const failed = async (error: unknown) => {
		await next.exit().catch(() => {});
		const reason = [error instanceof Error ? error.message : String(error), ...nativeLog].join('\n');
		const classified = classifyLoadFailure(reason);
		const problem = classified === 'load' && error === null ? 'corrupt' : classified;
		const detail = /unknown (?:model )?architecture:?\s*'?([\w.-]+)/i.exec(reason)?.[1] ?? architecture;
		const cause =
			error === null
				? ([...nativeLog].reverse().find((line) => /error|fail/i.test(line)) ?? 'the runtime could not start it')
				: firstLine(error);
		return new LoadProblem(
			problem,
			problemMessage(problem, { name, architecture: detail, size: blob.size, reason: cause.slice(0, 200) })
		);
	};
	try {
		await next.loadModel([blob], { n_ctx: contextTokens, n_threads: threadCount(), jinja: true });
	} catch (error) {
		throw await failed(error);
	}
	const metadata = next.getModelMetadata();
	const context = next.getLoadedContextInfo();
	const template = next.getChatTemplate();
	if (!(context.n_ctx > 0)) throw await failed(null);
	runtime = next;
	loaded = {
		name,
		title: metadata.meta['general.name'] ?? name,
		architecture: metadata.meta['general.architecture'] ?? architecture,
		sizeBytes: blob.size,
		contextTokens: context.n_ctx,
		trainedContextTokens: metadata.hparams.nCtxTrain,
		vocabularySize: metadata.hparams.nVocab,
		layers: metadata.hparams.nLayer,
		chatTemplate: templateFamily(template) ?? 'ChatML',
		templateFallback: !template,
		toolTemplate: templateKnowsTools(template),
		threads: next.getNumThreads()
	};
	post({
		type: 'loaded',
		id,
		info: loaded,
		cached: source.fromCache || (await store(id, request.source, source, blob))
	});
}

/** Keeps a model that loaded on this device (a failure only means the next visit asks again). */
async function store(
	id: number,
	from: ModelSource,
	source: { name: string; url?: string },
	blob: Blob
): Promise<boolean> {
	const models = await cache;
	if (!models) return false;
	post({ type: 'progress', id, stage: 'caching', loaded: 0, total: blob.size });
	try {
		const entry = {
			name: source.name,
			size: blob.size,
			savedAt: Date.now(),
			source: from.kind === 'url' ? ('url' as const) : ('file' as const),
			url: source.url
		};
		await models.put(entry, blob, (written) =>
			post({ type: 'progress', id, stage: 'caching', loaded: written, total: blob.size })
		);
		return true;
	} catch {
		return false;
	}
}

function firstLine(error: unknown): string {
	return (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 200);
}

const overflow = /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/;

async function complete(id: number, body: CompletionBody): Promise<void> {
	await loads.catch(() => {});
	if (!runtime || !loaded) {
		post({ type: 'failed', id, problem: 'no_model', message: problemMessage('no_model') });
		return;
	}
	const controller = new AbortController();
	completions.set(id, controller);
	let finishReason: string | null = null;
	let promptTokens = 0;
	let outputTokens = 0;
	let tokensPerSecond: number | null = null;
	try {
		const stream = await runtime.createChatCompletion({
			messages: body.messages,
			stream: true,
			max_tokens: body.maxTokens,
			temperature: body.temperature,
			top_k: 40,
			top_p: 0.95,
			...(body.seed !== undefined ? { seed: body.seed } : {}),
			abortSignal: controller.signal,
			...(body.schema
				? { response_format: { type: 'json_schema' as const, json_schema: { name: 'reply', schema: body.schema } } }
				: {})
		});
		for await (const chunk of stream) {
			const choice = chunk.choices?.[0];
			const text = choice?.delta?.content;
			if (typeof text === 'string' && text) post({ type: 'delta', id, text });
			if (choice?.finish_reason) finishReason = choice.finish_reason;
			if (chunk.usage) {
				promptTokens = chunk.usage.prompt_tokens;
				outputTokens = chunk.usage.completion_tokens;
			}
			if (chunk.timings) {
				promptTokens ||= chunk.timings.cache_n + chunk.timings.prompt_n;
				outputTokens ||= chunk.timings.predicted_n;
				tokensPerSecond = chunk.timings.predicted_per_second;
			}
		}
		post({ type: 'done', id, finishReason, promptTokens, outputTokens, tokensPerSecond });
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		const tooLong = overflow.exec(message);
		if (controller.signal.aborted) post({ type: 'failed', id, problem: 'aborted', message: 'the request was stopped' });
		else if (tooLong)
			post({
				type: 'failed',
				id,
				problem: 'context_overflow',
				message,
				promptTokens: Number(tooLong[1]),
				contextTokens: Number(tooLong[2])
			});
		else if (/grammar|json[_ -]?schema/i.test(message)) post({ type: 'failed', id, problem: 'grammar', message });
		else
			post({
				type: 'failed',
				id,
				problem: 'inference',
				message: `the model stopped with an error: ${firstLine(error)}`
			});
	} finally {
		completions.delete(id);
	}
}

async function listCache(id: number): Promise<void> {
	const store = await cache;
	post({ type: 'cache', id, entries: store ? await store.list() : [], kind: store?.kind ?? null });
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
	const request = event.data;
	switch (request.type) {
		case 'load':
			loads = loads
				.catch(() => {})
				.then(() => load(request))
				.catch((error: unknown) => {
					const problem = error instanceof LoadProblem ? error.problem : 'load';
					post({
						type: 'failed',
						id: request.id,
						problem,
						message: error instanceof LoadProblem ? error.message : problemMessage('load', { reason: firstLine(error) })
					});
				});
			break;
		case 'complete':
			void complete(request.id, request.body);
			break;
		case 'abort':
			completions.get(request.id)?.abort();
			break;
		case 'cache-list':
			void listCache(request.id);
			break;
		case 'cache-remove':
			void cache
				.then(async (store) => {
					await store?.remove(request.name);
					if (loaded?.name === request.name) {
						await runtime?.exit().catch(() => {});
						runtime = null;
						loaded = null;
					}
				})
				.finally(() => listCache(request.id));
			break;
	}
};
