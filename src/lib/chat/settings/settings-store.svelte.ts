/**
 * The LLM settings as a runes store: provider, base URL, model, API key, "remember on this
 * device", "use the server's key"; the ProviderConfig the agent uses; the header status.
 * Keys stay in memory unless the user ticks "remember" (then every key typed is kept in
 * localStorage; unticking removes them all), and a key is bound to the endpoint (origin)
 * it was entered for. URL parameters offer a provider, baseUrl and model (never a key): the
 * offer waits for the user's consent (`linkOffer`, `acceptLink`; see `link-agent.ts`), then is
 * remembered as a choice in the settings would be unless it names an unknown remote host
 * (see `rememberPresets`).
 */
import type { ConnectionResult, ProviderConfig } from '$lib/agent/providers';
import {
	applyUrlPresets,
	computeStatus,
	keySlot,
	parseSavedSettings,
	rememberPresets,
	storageKeys,
	toProviderConfig,
	usesServerKey,
	type LlmSettings,
	type ServerKeys,
	type SettingsStatus
} from './settings-model';
import { acceptedBefore, agentLinkOffer, noteAccepted, type AgentLinkOffer } from './link-agent';

function sessionStorageOrNull(): Storage | null {
	try {
		return globalThis.sessionStorage ?? null;
	} catch {
		return null;
	}
}

/** Constructor options; the defaults use the browser's localStorage, location and fetch. */
export interface SettingsStoreOptions {
	storage?: Storage | null;
	/** The page URL whose search parameters offer settings (see `link-agent.ts`). */
	url?: string | URL;
	/** Where this tab notes a link the user accepted (default sessionStorage). */
	session?: Storage | null;
	fetch?: typeof fetch;
}

/** A change the dialog saves. `apiKey` undefined leaves the key as it is. */
export interface SettingsChange extends Partial<LlmSettings> {
	apiKey?: string;
}

/** Reactive LLM settings for the whole page. */
export class SettingsStore {
	#settings = $state.raw<LlmSettings>(parseSavedSettings(null));
	/** Keys typed this visit, by key slot (provider + origin). */
	#keys = $state.raw<Record<string, string>>({});
	#serverKeys = $state.raw<ServerKeys>({ anthropic: false, openai: false });
	#error = $state<string | null>(null);
	#dialogOpen = $state(false);
	#storage: Storage | null;
	#session: Storage | null;
	/** A link's provider, endpoint or model, waiting for the user (the current settings stay until then). */
	#linkOffer = $state.raw<AgentLinkOffer | null>(null);
	#fetch: typeof fetch | undefined;

	constructor(options: SettingsStoreOptions = {}) {
		this.#storage = options.storage === undefined ? (globalThis.localStorage ?? null) : options.storage;
		this.#fetch = options.fetch ?? globalThis.fetch?.bind(globalThis);
		const saved = parseSavedSettings(this.#read(storageKeys.settings));
		this.#session = options.session === undefined ? sessionStorageOrNull() : options.session;
		const url = options.url ?? globalThis.location?.href;
		this.#settings = saved;
		const offer = url ? agentLinkOffer(saved, applyUrlPresets(saved, new URL(url).searchParams)) : undefined;
		// A link that changes the agent waits for the user, unless this tab already accepted it.
		if (offer && acceptedBefore(this.#session, offer.settings)) this.#applyLinked(offer.settings);
		else if (offer) this.#linkOffer = offer;
		if (this.#settings.rememberKey) this.#keys = this.#rememberedKeys();
	}

	get provider() {
		return this.#settings.provider;
	}
	get baseUrl() {
		return this.#settings.baseUrl;
	}
	get model() {
		return this.#settings.model;
	}
	get rememberKey() {
		return this.#settings.rememberKey;
	}
	/** The key for the current endpoint ('' when none). */
	get apiKey(): string {
		return this.#keys[keySlot(this.#settings)] ?? '';
	}
	/** Whether requests go through the app's server key. */
	get useServerKey(): boolean {
		return usesServerKey(this.#settings, this.apiKey, this.#serverKeys);
	}
	/** Which providers the app's server has a key for. */
	get serverKeys(): ServerKeys {
		return this.#serverKeys;
	}
	/** A copy of the current settings (for the dialog's draft). */
	get settings(): LlmSettings {
		return this.#settings;
	}
	/** What the agent uses to create its provider. Holds the key: never log or export it. */
	get config(): ProviderConfig {
		return toProviderConfig(this.#settings, this.apiKey, this.#serverKeys);
	}
	/** The header pill's state and detail. */
	get status(): SettingsStatus {
		return computeStatus(this.config, this.#error);
	}
	get dialogOpen(): boolean {
		return this.#dialogOpen;
	}

	/** The provider, endpoint or model a link offers, until the user accepts or declines it. */
	get linkOffer(): AgentLinkOffer | null {
		return this.#linkOffer;
	}

	/**
	 * Applies the link's settings for this visit (remembered like a choice in the settings when
	 * `rememberPresets` allows; a reload of this tab keeps them). Resolves with the offer, whose
	 * `newEndpoint` tells the page to start a new conversation.
	 */
	acceptLink(): AgentLinkOffer | null {
		const offer = this.#linkOffer;
		if (!offer) return null;
		this.#linkOffer = null;
		this.#applyLinked(offer.settings);
		if (this.#settings.rememberKey) this.#keys = this.#rememberedKeys();
		noteAccepted(this.#session, offer.settings);
		this.#error = null;
		return offer;
	}

	/** Declines the link's settings: the current ones stay. */
	dismissLink(): void {
		this.#linkOffer = null;
	}

	#applyLinked(linked: LlmSettings): void {
		const before = this.#settings;
		this.#settings = linked;
		// A link's choice of provider, endpoint and model stays, as if made in the settings (no key).
		if (JSON.stringify(linked) !== JSON.stringify(before) && rememberPresets(linked))
			this.#write(storageKeys.settings, JSON.stringify(linked));
	}

	/** Opens the settings dialog (from the header pill, or from an error that says "check Settings"). */
	openDialog(): void {
		this.#dialogOpen = true;
	}

	closeDialog(): void {
		this.#dialogOpen = false;
	}

	/** Returns the key entered or remembered for the endpoint of `settings` (for the dialog). */
	keyFor(settings: Pick<LlmSettings, 'provider' | 'baseUrl'>): string {
		return this.#keys[keySlot(settings)] ?? '';
	}

	/** Applies a change, saves what may be saved, and clears a previous error. */
	save(change: SettingsChange): void {
		const { apiKey, ...rest } = change;
		this.#settings = { ...this.#settings, ...rest };
		const slot = keySlot(this.#settings);
		if (apiKey !== undefined) {
			const keys = { ...this.#keys };
			if (apiKey.trim()) keys[slot] = apiKey.trim();
			else delete keys[slot];
			this.#keys = keys;
		}
		this.#error = null;
		this.#persist();
	}

	/** Forgets every key, in memory and on this device. */
	forgetKeys(): void {
		this.#keys = {};
		this.#remove(storageKeys.keys);
		this.save({ rememberKey: false });
	}

	/** Shows a provider error in the status pill until the settings change or a test succeeds. */
	reportError(message: string): void {
		this.#error = message;
	}

	clearError(): void {
		this.#error = null;
	}

	/** Asks the app's server which provider keys it holds. Failures leave "none". */
	async loadServerConfig(options: { signal?: AbortSignal } = {}): Promise<void> {
		if (!this.#fetch) return;
		try {
			const response = await this.#fetch('/api/llm/config', {
				signal: options.signal,
				headers: { accept: 'application/json' }
			});
			if (!response.ok) return;
			const body = (await response.json()) as { serverKeys?: Partial<ServerKeys> };
			this.#serverKeys = { anthropic: body.serverKeys?.anthropic === true, openai: body.serverKeys?.openai === true };
		} catch {
			// Served without the app's server (or offline): no server keys.
		}
	}

	/**
	 * Tests `config` (default: the current one). A result for the current config also
	 * updates the status pill.
	 */
	async testConnection(
		config: ProviderConfig = this.config,
		options: { signal?: AbortSignal } = {}
	): Promise<ConnectionResult> {
		// The provider code (and its SDK) loads on the first test.
		const { testConnection } = await import('$lib/agent/providers');
		const result = await testConnection(config, options);
		if (JSON.stringify(config) === JSON.stringify(this.config)) this.#error = result.ok ? null : result.message;
		return result;
	}

	#persist(): void {
		this.#write(storageKeys.settings, JSON.stringify(this.#settings));
		if (this.#settings.rememberKey && Object.keys(this.#keys).length > 0)
			this.#write(storageKeys.keys, JSON.stringify(this.#keys));
		else this.#remove(storageKeys.keys);
	}

	#rememberedKeys(): Record<string, string> {
		try {
			const parsed = JSON.parse(this.#read(storageKeys.keys) ?? '{}');
			if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
			return Object.fromEntries(
				Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
			);
		} catch {
			return {};
		}
	}

	#read(key: string): string | null {
		try {
			return this.#storage?.getItem(key) ?? null;
		} catch {
			return null;
		}
	}

	#write(key: string, value: string): void {
		try {
			this.#storage?.setItem(key, value);
		} catch {
			// Storage full or blocked: the settings still apply for this visit.
		}
	}

	#remove(key: string): void {
		try {
			this.#storage?.removeItem(key);
		} catch {
			// Nothing to remove when storage is blocked.
		}
	}
}
