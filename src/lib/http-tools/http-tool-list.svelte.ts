/**
 * The reactive list of HTTP tool sets the panel shows and the agent uses: sets added from a
 * pasted document, a file or a URL (OpenAPI or descriptors), the base URL chosen for each,
 * their secrets (kept on this device), and one tool server per enabled set. Sets named by a
 * `?tools=` link are added for the visit only, after the user agreed (see link-tools).
 */
import type { HttpLayer } from '$lib/agent/types';
import { browserStorage, AutoUiError, errorMessage, type KeyValueStore, type ToolServer, parseUrl } from '$lib/shared';
import { LazyHttpToolServer } from './lazy-server';
import { loadSecrets, saveSecrets, type SecretValues } from './secrets';
import { createSetConfig, readSavedSets, toolSetsKey, uniqueSetName, type HttpToolSetConfig } from './tool-sets';

/** What the panel shows of a set. */
export interface HttpSetEntry {
	config: HttpToolSetConfig;
	/** Added by a link for this visit (not saved). */
	ephemeral: boolean;
	/** Secrets the set needs that have no value yet. */
	missingSecrets: string[];
}

/** How a document is added. */
export interface AddDocumentInput {
	/** The document itself (pasted or read from a file)… */
	text?: string;
	/** …or its URL. */
	url?: string;
	/** The file name, when it came from a file. */
	fileName?: string;
	name?: string;
	/** The base URL, when the document offers several. */
	baseUrl?: string;
}

/** Constructor options. */
export interface HttpToolListOptions {
	/** Where sets are saved (IndexedDB); none keeps them for the visit. */
	store?: KeyValueStore;
	/** Where secrets are saved (localStorage by default). */
	secretStorage?: Pick<Storage, 'getItem' | 'setItem'>;
	fetch?: typeof fetch;
	/** Reports a failed save to the user. */
	onError?(message: string): void;
}

/** The HTTP tool sets of a page. */
export class HttpToolList {
	#configs = $state.raw<HttpToolSetConfig[]>([]);
	#ephemeral = $state.raw<HttpToolSetConfig[]>([]);
	#secrets = $state.raw<SecretValues>({});
	#visitSecrets: SecretValues = {};
	#options: HttpToolListOptions;
	#servers = new Map<string, { key: string; server: LazyHttpToolServer }>();
	#loaded: Promise<void>;

	#entries = $derived.by((): HttpSetEntry[] =>
		[
			...this.#configs.map((config) => ({ config, ephemeral: false })),
			...this.#ephemeral.map((config) => ({ config, ephemeral: true }))
		].map((entry) => ({
			...entry,
			missingSecrets: entry.config.set.secrets
				.map((secret) => secret.name)
				.filter((name) => !this.#secrets[entry.config.id]?.[name])
		}))
	);

	constructor(options: HttpToolListOptions = {}) {
		this.#options = options;
		this.#secrets = loadSecrets(options.secretStorage ?? browserStorage());
		this.#loaded = this.#load();
	}

	/** Resolves once the saved sets are read. */
	get ready(): Promise<void> {
		return this.#loaded;
	}

	/** Every set, saved ones first. */
	get sets(): HttpSetEntry[] {
		return this.#entries;
	}

	/** The enabled sets as layers for the agent. */
	get layers(): HttpLayer[] {
		return this.#enabled().map((config) => ({
			protocol: 'http',
			serverName: config.name,
			...(config.baseUrl ? { serverUrl: config.baseUrl } : {}),
			...(config.set.description ? { description: config.set.description } : {}),
			tools: this.#server(config).definitions
		}));
	}

	/** The enabled sets' tool servers, for the dispatcher. */
	get servers(): ToolServer[] {
		return this.#enabled().map((config) => this.#server(config));
	}

	/** The tools of a set by name (for the workbench). */
	tools(name: string) {
		const config = this.#enabled().find((candidate) => candidate.name === name);
		return config ? this.#server(config).definitions : undefined;
	}

	/**
	 * Reads a document (text or URL), imports it and adds the set. Throws `AutoUiError` with
	 * a message naming what to fix. `ephemeral` sets (from a link) are not saved.
	 */
	async add(input: AddDocumentInput, ephemeral = false): Promise<string> {
		const { fetchDocument, loadToolDocument } = await import('./load-document');
		const source = input.url?.trim() || input.fileName;
		const text = input.text ?? (input.url ? await fetchDocument(input.url.trim(), { fetch: this.#options.fetch }) : '');
		const parsed = await loadToolDocument(text, source);
		if (input.baseUrl && parsed.servers?.length && !parsed.servers.includes(input.baseUrl)) {
			throw new AutoUiError(
				'invalid_argument',
				`"${input.baseUrl}" is not one of the document's servers: ${parsed.servers.join(', ')}.`
			);
		}
		const config = createSetConfig(parsed, { name: input.name, source, baseUrl: input.baseUrl }, this.#names());
		if (ephemeral) this.#ephemeral = [...this.#ephemeral, config];
		else {
			this.#configs = [...this.#configs, config];
			void this.#persist();
		}
		return config.id;
	}

	/** Chooses the base URL of a set (one of its document's servers, or any http(s) URL for descriptors). */
	setBaseUrl(id: string, baseUrl: string): void {
		const config = this.#find(id);
		const url = parseUrl(baseUrl, `"${baseUrl}" is not a URL.`);
		if (url.protocol !== 'http:' && url.protocol !== 'https:')
			throw new AutoUiError('invalid_argument', 'The base URL must be http(s).');
		this.#replace({ ...config, baseUrl: url.href.replace(/\/$/, '') });
	}

	/** Sends a set's requests through the app's relay (the API's name in the relay config), or directly with ''. */
	setRelay(id: string, name: string): void {
		const config = this.#find(id);
		const relay = name.trim();
		if (relay && !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(relay))
			throw new AutoUiError('invalid_argument', 'A relay name uses a-z, 0-9, _ and - (as in the relay config).');
		const { relay: _old, ...rest } = config;
		this.#replace(relay ? { ...rest, relay } : rest);
	}

	/** Sets (or clears, with '') a secret of a set; kept on this device only. */
	setSecret(id: string, name: string, value: string): void {
		const config = this.#find(id);
		if (!config.set.secrets.some((secret) => secret.name === name))
			throw new AutoUiError('invalid_argument', `${config.name} uses no secret named ${name}.`);
		if (/[\r\n]/.test(value)) throw new AutoUiError('invalid_argument', 'A secret must be on one line.');
		const current = { ...(this.#secrets[id] ?? {}) };
		if (value) current[name] = value.trim();
		else delete current[name];
		this.#secrets = { ...this.#secrets, [id]: current };
		if (this.#ephemeral.some((entry) => entry.id === id)) this.#visitSecrets[id] = current;
		else saveSecrets(this.#options.secretStorage ?? browserStorage(), this.#savedSecrets());
	}

	enable(id: string): void {
		this.#replace({ ...this.#find(id), enabled: true });
	}

	disable(id: string): void {
		this.#replace({ ...this.#find(id), enabled: false });
	}

	/** Removes a set and forgets its secrets. */
	remove(id: string): void {
		this.#find(id);
		this.#configs = this.#configs.filter((config) => config.id !== id);
		this.#ephemeral = this.#ephemeral.filter((config) => config.id !== id);
		const { [id]: _gone, ...rest } = this.#secrets;
		this.#secrets = rest;
		delete this.#visitSecrets[id];
		saveSecrets(this.#options.secretStorage ?? browserStorage(), this.#savedSecrets());
		void this.#persist();
	}

	/** Every secret value in use, so traces and logs can redact one an API echoed back. */
	get secretValues(): string[] {
		return Object.values(this.#secrets)
			.flatMap((values) => Object.values(values))
			.filter((value) => value.length >= 4);
	}

	#savedSecrets(): SecretValues {
		const ids = new Set(this.#configs.map((config) => config.id));
		return Object.fromEntries(Object.entries(this.#secrets).filter(([id]) => ids.has(id)));
	}

	#enabled(): HttpToolSetConfig[] {
		return [...this.#configs, ...this.#ephemeral].filter((config) => config.enabled);
	}

	#server(config: HttpToolSetConfig): LazyHttpToolServer {
		// One server per set version: a new base URL or set gives a new server.
		const baseUrl = config.relay
			? `${globalThis.location?.origin ?? ''}/api/relay-http/${config.relay}`
			: config.baseUrl;
		const key = `${config.name}\n${baseUrl ?? ''}\n${config.set.tools.length}`;
		const cached = this.#servers.get(config.id);
		if (cached?.key === key) return cached.server;
		const server = new LazyHttpToolServer({
			name: config.name,
			set: config.set,
			baseUrl,
			secrets: () => this.#secrets[config.id] ?? {},
			...(this.#options.fetch ? { fetch: this.#options.fetch } : {})
		});
		this.#servers.set(config.id, { key, server });
		return server;
	}

	#names(): string[] {
		return [...this.#configs, ...this.#ephemeral].map((config) => config.name);
	}

	#find(id: string): HttpToolSetConfig {
		const config = this.#configs.find((entry) => entry.id === id) ?? this.#ephemeral.find((entry) => entry.id === id);
		if (!config) throw new AutoUiError('unknown_server', `No HTTP tool set with id "${id}".`);
		return config;
	}

	#replace(config: HttpToolSetConfig): void {
		if (this.#configs.some((entry) => entry.id === config.id)) {
			this.#configs = this.#configs.map((entry) => (entry.id === config.id ? config : entry));
			void this.#persist();
		} else this.#ephemeral = this.#ephemeral.map((entry) => (entry.id === config.id ? config : entry));
	}

	async #load(): Promise<void> {
		if (!this.#options.store) return;
		try {
			const saved = readSavedSets(await this.#options.store.get(toolSetsKey));
			const names = new Set(this.#names());
			// Sets added while loading keep their names; saved ones are renamed only on a clash.
			const restored = saved.map((config) => {
				const name = names.has(config.name) ? uniqueSetName(config.name, names) : config.name;
				names.add(name);
				return { ...config, name };
			});
			this.#configs = [...restored, ...this.#configs];
		} catch (error) {
			this.#options.onError?.(`The saved HTTP tools could not be read (${errorMessage(error)}).`);
		}
	}

	async #persist(): Promise<void> {
		if (!this.#options.store) return;
		await this.#loaded;
		try {
			await this.#options.store.set(toolSetsKey, JSON.parse(JSON.stringify({ version: 1, sets: this.#configs })));
		} catch (error) {
			this.#options.onError?.(`The HTTP tools could not be saved (${errorMessage(error)}); they stay for this visit.`);
		}
	}
}
