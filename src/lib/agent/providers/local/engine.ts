/**
 * The page's side of the local model: starts the worker on first use, loads a model from a
 * file, a URL or this device's cache (with progress), runs completions (streamed, stoppable)
 * and remembers how much of the context the last request used. One engine per page: a
 * loaded model takes hundreds of megabytes, so every conversation shares it; it holds no
 * conversation state. Listeners hear every change (the settings panel redraws from them).
 */
import { AutoUiError } from '$lib/shared';
import { TokenMeter, initialCharsPerToken } from '../constrained/token-meter';
import type { CachedModel } from './model-cache';
import type { LocalModelInfo, LocalModelProblem } from './model-info';
import type {
	CompletionBody,
	CompletionProblem,
	LoadStage,
	ModelSource,
	WorkerRequest,
	WorkerResponse
} from './wire-types';

/** Where the engine is. */
export type LocalModelState =
	| { phase: 'idle' }
	| { phase: 'loading'; name: string; stage: LoadStage; loaded: number; total: number }
	| { phase: 'ready'; info: LocalModelInfo; cached: boolean }
	| { phase: 'failed'; problem: LocalModelProblem; message: string };

/** How much of the context one request used. */
export interface ContextUse {
	promptTokens: number;
	outputTokens: number;
	contextTokens: number;
	tokensPerSecond: number | null;
	/** What the compact prompt shortened to fit (empty when nothing). */
	steps: string[];
}

/** The end of one completion. */
export interface CompletionResult {
	finishReason: string | null;
	promptTokens: number;
	outputTokens: number;
	tokensPerSecond: number | null;
}

/** A completion that failed; `problem` says why (context_overflow carries the real sizes). */
export class LocalCompletionError extends Error {
	constructor(
		readonly problem: CompletionProblem | LocalModelProblem,
		message: string,
		readonly promptTokens?: number,
		readonly contextTokens?: number
	) {
		super(message);
		this.name = 'LocalCompletionError';
	}
}

interface Pending {
	resolve(value: unknown): void;
	reject(error: unknown): void;
	onMessage?(message: WorkerResponse): void;
}

/** What the local provider needs from the engine (tests give a fake). */
export interface LocalEngine {
	readonly meter: TokenMeter | null;
	ensureLoaded(name: string): Promise<LocalModelInfo>;
	complete(
		body: CompletionBody,
		options: { signal?: AbortSignal; onDelta(text: string): void }
	): Promise<CompletionResult>;
	recordUse(use: ContextUse): void;
}

/** The local model of this page. */
export class LocalModelEngine implements LocalEngine {
	#worker: Worker | null = null;
	#createWorker: () => Worker;
	#nextId = 1;
	#pending = new Map<number, Pending>();
	#state: LocalModelState = { phase: 'idle' };
	#loading: Promise<LocalModelInfo> | null = null;
	#lastUse: ContextUse | null = null;
	#cached: CachedModel[] = [];
	#cacheKind: string | null = null;
	#meter: TokenMeter | null = null;
	#listeners = new Set<() => void>();

	constructor(
		createWorker: () => Worker = () =>
			new Worker(new URL('./local-model.worker.ts', import.meta.url), { type: 'module', name: 'local-model' })
	) {
		this.#createWorker = createWorker;
	}

	get state(): LocalModelState {
		return this.#state;
	}
	get lastUse(): ContextUse | null {
		return this.#lastUse;
	}
	get cached(): CachedModel[] {
		return this.#cached;
	}
	/** `opfs`, `indexeddb`, or null when this browser keeps no files (known after the first listing). */
	get cacheKind(): string | null {
		return this.#cacheKind;
	}
	get meter(): TokenMeter | null {
		return this.#meter;
	}

	/** Calls `listener` on every change; returns the unsubscribe function. */
	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Loads a model (replacing the loaded one) and keeps its file on this device. */
	load(source: ModelSource, options: { maxContextTokens?: number } = {}): Promise<LocalModelInfo> {
		const name = source.kind === 'file' ? source.file.name : source.kind === 'cached' ? source.name : source.url;
		this.#set({
			phase: 'loading',
			name,
			stage: source.kind === 'url' ? 'downloading' : 'reading',
			loaded: 0,
			total: source.kind === 'file' ? source.file.size : 0
		});
		const deviceMemoryGb = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
		const loading = this.#send<{ info: LocalModelInfo; cached: boolean }>(
			{ type: 'load', id: 0, source, deviceMemoryGb, ...options },
			(message) => {
				if (message.type === 'progress')
					this.#set({ phase: 'loading', name, stage: message.stage, loaded: message.loaded, total: message.total });
			}
		).then(
			({ info, cached }) => {
				this.#meter = new TokenMeter(initialCharsPerToken(info.vocabularySize));
				this.#lastUse = null;
				this.#set({ phase: 'ready', info, cached });
				void this.refreshCache();
				return info;
			},
			(error: unknown) => {
				const failure = error instanceof LocalCompletionError ? error : new LocalCompletionError('load', String(error));
				this.#set({ phase: 'failed', problem: failure.problem as LocalModelProblem, message: failure.message });
				throw new AutoUiError('invalid_argument', failure.message, {
					cause: failure,
					details: { problem: failure.problem }
				});
			}
		);
		this.#loading = loading;
		void loading
			.catch(() => {})
			.finally(() => {
				if (this.#loading === loading) this.#loading = null;
			});
		return loading;
	}

	/** The model named `name`, loading it from this device's cache when it is not loaded yet. */
	async ensureLoaded(name: string): Promise<LocalModelInfo> {
		if (this.#state.phase === 'ready' && this.#state.info.name === name) return this.#state.info;
		if (this.#loading && this.#state.phase === 'loading' && this.#state.name === name) return this.#loading;
		if (!name)
			throw new AutoUiError('invalid_argument', 'no model is loaded in this browser — choose a GGUF file in Settings');
		return this.load({ kind: 'cached', name });
	}

	/** Runs one completion; `onDelta` hears each piece of text. Rejects with LocalCompletionError. */
	complete(
		body: CompletionBody,
		options: { signal?: AbortSignal; onDelta(text: string): void }
	): Promise<CompletionResult> {
		if (options.signal?.aborted) return Promise.reject(new LocalCompletionError('aborted', 'the request was stopped'));
		let id = 0;
		// Stop is immediate on this side: the request ends now and later pieces are dropped,
		// while the worker stops decoding.
		const abort = () => {
			this.#worker?.postMessage({ type: 'abort', id } satisfies WorkerRequest);
			const pending = this.#pending.get(id);
			this.#pending.delete(id);
			pending?.reject(new LocalCompletionError('aborted', 'the request was stopped'));
		};
		const result = this.#send<CompletionResult>(
			{ type: 'complete', id: 0, body },
			(message) => {
				if (message.type === 'delta') options.onDelta(message.text);
			},
			(assigned) => (id = assigned)
		);
		options.signal?.addEventListener('abort', abort, { once: true });
		return result.finally(() => options.signal?.removeEventListener('abort', abort));
	}

	/** Keeps what the last request used (the settings show it). */
	recordUse(use: ContextUse): void {
		this.#lastUse = use;
		this.#emit();
	}

	/** The model files on this device. */
	async refreshCache(): Promise<CachedModel[]> {
		const { entries, kind } = await this.#send<{ entries: CachedModel[]; kind: string | null }>({
			type: 'cache-list',
			id: 0
		});
		this.#cached = entries;
		this.#cacheKind = kind;
		this.#emit();
		return entries;
	}

	/** Removes a model file from this device (and unloads it when it is the loaded one). */
	async remove(name: string): Promise<void> {
		const { entries } = await this.#send<{ entries: CachedModel[] }>({ type: 'cache-remove', id: 0, name });
		this.#cached = entries;
		if (this.#state.phase === 'ready' && this.#state.info.name === name) this.#set({ phase: 'idle' });
		else this.#emit();
	}

	/** Stops the worker (the model leaves memory). */
	dispose(): void {
		this.#worker?.terminate();
		this.#worker = null;
		for (const pending of this.#pending.values())
			pending.reject(new LocalCompletionError('aborted', 'the local model was closed'));
		this.#pending.clear();
		this.#set({ phase: 'idle' });
	}

	#set(state: LocalModelState): void {
		this.#state = state;
		this.#emit();
	}

	#emit(): void {
		for (const listener of this.#listeners) listener();
	}

	#send<T>(
		request: WorkerRequest,
		onMessage?: (message: WorkerResponse) => void,
		onId?: (id: number) => void
	): Promise<T> {
		const worker = this.#ensureWorker();
		const id = this.#nextId++;
		onId?.(id);
		return new Promise<T>((resolve, reject) => {
			this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onMessage });
			worker.postMessage({ ...request, id });
		});
	}

	#ensureWorker(): Worker {
		if (this.#worker) return this.#worker;
		const worker = this.#createWorker();
		worker.onmessage = (event: MessageEvent<WorkerResponse>) => this.#receive(event.data);
		worker.onerror = (event) => {
			event.preventDefault?.();
			const error = new LocalCompletionError(
				'load',
				`the local model's worker failed: ${event.message || 'unknown error'} — reload the page`
			);
			for (const pending of this.#pending.values()) pending.reject(error);
			this.#pending.clear();
			this.#worker = null;
			worker.terminate();
		};
		this.#worker = worker;
		return worker;
	}

	#receive(message: WorkerResponse): void {
		const pending = this.#pending.get(message.id);
		if (!pending) return;
		switch (message.type) {
			case 'progress':
			case 'delta':
				pending.onMessage?.(message);
				return;
			case 'loaded':
				this.#pending.delete(message.id);
				pending.resolve({ info: message.info, cached: message.cached });
				return;
			case 'done':
				this.#pending.delete(message.id);
				pending.resolve({
					finishReason: message.finishReason,
					promptTokens: message.promptTokens,
					outputTokens: message.outputTokens,
					tokensPerSecond: message.tokensPerSecond
				});
				return;
			case 'cache':
				this.#pending.delete(message.id);
				pending.resolve({ entries: message.entries, kind: message.kind });
				return;
			case 'failed':
				this.#pending.delete(message.id);
				pending.reject(
					new LocalCompletionError(message.problem, message.message, message.promptTokens, message.contextTokens)
				);
		}
	}
}

let pageEngine: LocalModelEngine | null = null;

/** The page's engine, created on first use. */
export function localModelEngine(): LocalModelEngine {
	pageEngine ??= new LocalModelEngine();
	return pageEngine;
}
