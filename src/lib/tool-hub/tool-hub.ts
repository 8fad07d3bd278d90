/**
 * The one place that knows every tool source of a page and the one place that turns them into
 * what the agent, the workbench, MCP Apps and the panels read:
 *
 *   register(source)   a source, or the promise of one still loading; its place in the order
 *                      is kept from the call, so layers never reorder when a source arrives late
 *   layers             every source's layers in registration order (autoui first keeps the
 *                      cached prompt prefix stable)
 *   servers            every source's servers, then each `wrap` (mocks) in registration order
 *   registry           built from `layers`, again only when they changed (registry-memo.ts)
 *   catalog()          { layers, servers, registry } for one turn or one direct call
 *   ready()            loads the registry code, waits (bounded) for sources still loading
 *
 * Framework-free: `tool-hub.svelte.ts` makes registration reactive for the page. On the first
 * route, so what can wait (the registry and its memo) loads with the first `ready()`.
 */
import type { ToolRegistry } from '$lib/agent/tools/registry';
import type { ToolLayer } from '$lib/agent/types';
import { AutoUiError, errorMessage, type ToolProtocol, type ToolServer } from '$lib/shared';
import type { RegistryMemo } from './registry-memo';
import type { ToolCatalog, ToolRef, ToolSource } from './types';

/** How long `ready()` waits for sources by default. */
export const defaultReadyTimeoutMs = 5_000;

/** Constructor options. */
export interface ToolHubOptions {
	/** A source that failed to load (its promise rejected or its id was taken); it is left out. */
	onError?(message: string): void;
	/** Overrides where the registry code comes from (tests). */
	loadRegistry?(): Promise<RegistryMemo>;
}

interface Slot {
	source?: ToolSource;
	/** Settles when a promised source has arrived and is itself ready. */
	pending?: Promise<void>;
}

const loadRegistryMemo = async (): Promise<RegistryMemo> => (await import('./registry-memo')).createRegistryMemo();

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
	return typeof (value as { then?: unknown }).then === 'function';
}

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
function within(promise: Promise<unknown>, ms: number): Promise<void> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
	return Promise.race([
		promise.then(
			() => undefined,
			() => undefined
		),
		bound
	]).finally(() => clearTimeout(timer));
}

/** The tool sources of one page (or one test); two hubs share nothing. */
export class ToolHub {
	#slots: Slot[] = [];
	#options: ToolHubOptions;
	#memo: RegistryMemo | undefined;
	#memoLoading: Promise<RegistryMemo> | undefined;

	constructor(options: ToolHubOptions = {}) {
		this.#options = options;
	}

	/**
	 * Adds a source after the ones registered before. A promise keeps its place: its layers
	 * appear there once it resolves. Returns a function that removes the source again.
	 */
	register(source: ToolSource | Promise<ToolSource>): () => void {
		const slot: Slot = {};
		if (isPromise(source)) {
			slot.pending = source
				.then(
					(loaded) => {
						if (this.#slots.includes(slot) && this.#place(slot, loaded)) return loaded.ready?.();
					},
					(error: unknown) => this.#drop(slot, `A tool source could not load (${errorMessage(error)}).`)
				)
				.catch(() => undefined);
		} else {
			if (this.#taken(source.id))
				throw new AutoUiError('invalid_argument', `A tool source "${source.id}" is already registered.`);
			slot.source = source;
		}
		this.#slots.push(slot);
		this.changed();
		return () => {
			if (!this.#slots.includes(slot)) return;
			this.#slots = this.#slots.filter((candidate) => candidate !== slot);
			this.changed();
		};
	}

	/** The sources that have arrived, in registration order. */
	get sources(): ToolSource[] {
		this.track();
		return this.#slots.flatMap((slot) => (slot.source ? [slot.source] : []));
	}

	/** Every source's layers, in registration order. */
	get layers(): ToolLayer[] {
		return this.sources.flatMap((source) => source.layers);
	}

	/** Every source's servers, with the wrapping sources (mocks) in front of the ones before them. */
	get servers(): ToolServer[] {
		const sources = this.sources;
		let servers = sources.flatMap((source) => source.servers);
		for (const source of sources) if (source.wrap) servers = source.wrap(servers);
		return servers;
	}

	/** The layer of one server, if a source offers it. */
	layer(server: string, protocol: ToolProtocol): ToolLayer | undefined {
		return this.layers.find((layer) => layer.serverName === server && layer.protocol === protocol);
	}

	/** Every tool the sources offer, by server. */
	get tools(): ToolRef[] {
		return this.layers.flatMap((layer) =>
			layer.tools.map((tool) => ({ server: layer.serverName, protocol: layer.protocol, tool: tool.name }))
		);
	}

	/** Secret values the sources use, for redaction in traces and logs. */
	get secretValues(): string[] {
		return this.sources.flatMap((source) => source.secretValues ?? []);
	}

	/** The registry of `layers` (the agent's names), the same while they do not change. Throws until `ready()` has loaded its code. */
	get registry(): ToolRegistry {
		return this.#loadedMemo().registry(this.layers);
	}

	/** The registry a View's calls use: `layers` plus each MCP layer's View-only tools. */
	get appRegistry(): ToolRegistry {
		return this.#loadedMemo().appRegistry(this.layers);
	}

	/** What a turn or a direct call runs with; `registry` is there once its code has loaded. */
	catalog(): ToolCatalog {
		const layers = this.layers;
		return { layers, servers: this.servers, ...(this.#memo ? { registry: this.#memo.registry(layers) } : {}) };
	}

	/**
	 * Loads the registry code (rejects if it cannot load) and waits for the sources still
	 * loading or connecting, at most `timeoutMs`: a slow source is left out of this turn,
	 * never a reason to hang it.
	 */
	async ready(options: { timeoutMs?: number } = {}): Promise<void> {
		const waits = this.#slots
			.map((slot) => slot.pending ?? slot.source?.ready?.())
			.filter((wait) => wait !== undefined);
		const sources = waits.length ? within(Promise.all(waits), options.timeoutMs ?? defaultReadyTimeoutMs) : undefined;
		this.#memoLoading ??= (this.#options.loadRegistry ?? loadRegistryMemo)().then(
			(memo) => (this.#memo = memo),
			(error: unknown) => {
				this.#memoLoading = undefined;
				throw error;
			}
		);
		await Promise.all([this.#memoLoading, sources]);
	}

	/** Called when reading the sources; the reactive adapter records a dependency here. */
	protected track(): void {}

	/** Called when the sources changed; the reactive adapter signals its readers here. */
	protected changed(): void {}

	#place(slot: Slot, source: ToolSource): boolean {
		if (this.#taken(source.id)) {
			this.#drop(slot, `A tool source "${source.id}" is already registered.`);
			return false;
		}
		slot.source = source;
		this.changed();
		return true;
	}

	#drop(slot: Slot, message: string): void {
		this.#slots = this.#slots.filter((candidate) => candidate !== slot);
		this.changed();
		this.#options.onError?.(message);
	}

	#taken(id: string): boolean {
		return this.#slots.some((slot) => slot.source?.id === id);
	}

	#loadedMemo(): RegistryMemo {
		if (!this.#memo) throw new AutoUiError('internal', 'The tool registry loads with ready(); await it first.');
		return this.#memo;
	}
}
