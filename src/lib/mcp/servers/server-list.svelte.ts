/**
 * The reactive list of MCP servers the UI shows and the agent uses: configuration (saved on
 * this device), one `McpConnection` per enabled server, its status and the doctor's
 * diagnosis. A thin runes adapter over the framework-free connection, doctor and OAuth code;
 * each server's runtime record, diagnosis and sign-in are made in `server-runtime.ts`.
 */
import { ViewGrants } from './view-grants.svelte';
import type { McpLayer } from '$lib/agent/types';
import { browserStorage, AutoUiError, errorMessage } from '$lib/shared';
import type { ClientHandlers } from '../connection/client-handlers';
import type { WireMessage } from '../connection/protocol-tap';
import { McpConnection } from '../connection/connection';
import type { StoredOAuthProvider } from '../oauth/oauth';
import { forgetOAuth, memoryStore, type KeyValueStore } from '../oauth/oauth-storage';
import {
	createServerConfig,
	checkHeaders,
	datasetsServer,
	exportServers,
	loadServers,
	nameFromServerInfo,
	parseServerUrl,
	saveServers,
	uniqueName,
	type ExportedServer,
	type McpServerConfig,
	type ServerInput
} from './server-config';
import { parseProtocolChoice } from '../connection/protocol-revision';
import {
	idleRuntime,
	knownDiagnosis,
	oauthProviderFor,
	oauthProviderLoader,
	probeServer,
	runtimeOf,
	stillConnecting,
	summarize,
	whenNone,
	type ListStatus,
	type ServerRuntime
} from './server-runtime';

/** One row of the list: configuration plus live state. */
export interface ServerEntry {
	config: McpServerConfig;
	/** Added by the `mcp` URL parameter for this visit only (not saved). */
	ephemeral: boolean;
	runtime: ServerRuntime;
}

/** Constructor options; everything has a browser default. */
export interface ServerListOptions {
	storage?: KeyValueStore;
	/** The app's origin (datasets server, OAuth redirect). */
	origin?: string;
	/** Sends the browser to the authorization server. */
	navigate?: (url: URL) => void;
	/** Path + query to come back to after signing in. */
	returnTo?: () => string;
	/** Adds the embedded datasets server entry (default true). */
	includeDatasets?: boolean;
	/** Connect enabled servers right away (default true). */
	autoConnect?: boolean;
	/** Passed to each connection (tests shorten reconnect timing). */
	connection?: Pick<
		ConstructorParameters<typeof McpConnection>[0],
		'backoff' | 'connectTimeoutMs' | 'defaultCallTimeoutMs' | 'preferTasks'
	>;
	/** Handlers for a server's requests (decide the capabilities advertised); `server` gives its current name. */
	clientHandlers?: (server: () => string) => ClientHandlers | undefined;
	/** Sees every JSON-RPC message of every server (the protocol log). */
	onWireMessage?: (server: string, message: WireMessage) => void;
}

/** Reactive server list. Create one per page (or per session); call `destroy()` when done. */
export class McpServerList {
	#configs = $state.raw<McpServerConfig[]>([]);
	#ephemeral = $state.raw<McpServerConfig[]>([]);
	#runtime = $state.raw<Record<string, ServerRuntime>>({});
	#connections = new Map<string, McpConnection>();
	#options: ServerListOptions;
	#storage: KeyValueStore | undefined;
	#origin: string;
	/** Checks of `settled()` callers, run after every status change. */
	#waiters = new Set<() => void>();
	/** What each server's MCP App Views were allowed beyond the default CSP (listed and revoked in its row). */
	readonly viewGrants = new ViewGrants();

	#entries = $derived.by((): ServerEntry[] => [
		...this.#configs.map((config) => ({
			config,
			ephemeral: false,
			runtime: this.#runtime[config.id] ?? idleRuntime(config)
		})),
		...this.#ephemeral.map((config) => ({
			config,
			ephemeral: true,
			runtime: this.#runtime[config.id] ?? idleRuntime(config)
		}))
	]);

	constructor(options: ServerListOptions = {}) {
		this.#options = options;
		this.#storage = options.storage ?? browserStorage();
		this.#origin = options.origin ?? globalThis.location?.origin ?? 'http://127.0.0.1';
		let configs = loadServers(this.#storage);
		if (options.includeDatasets !== false && !configs.some((config) => config.builtin)) {
			configs = [datasetsServer(this.#origin), ...configs];
		}
		this.#configs = configs;
		if (options.autoConnect !== false) for (const config of configs) this.#start(config);
	}

	/** Every server, saved ones first, with live state. */
	get servers(): ServerEntry[] {
		return this.#entries;
	}

	/** Connected servers, for the agent's dispatcher. */
	get connections(): McpConnection[] {
		return this.#entries
			.filter((entry) => entry.runtime.status === 'connected')
			.map((entry) => this.#connections.get(entry.config.id))
			.filter((connection): connection is McpConnection => connection !== undefined);
	}

	/** The connected servers' layers (tools, recipes, description) for the agent. */
	get layers(): McpLayer[] {
		return this.connections.map((connection) => connection.layer());
	}

	/** One status for the header pill, with a short detail. */
	get summary(): { status: ListStatus; detail: string } {
		return summarize(
			this.#entries.filter((entry) => entry.config.enabled || entry.ephemeral).map((entry) => entry.runtime)
		);
	}

	/** Names of the servers in use still making their first connection (a turn waits for them). */
	get connecting(): string[] {
		return stillConnecting(this.#entries);
	}

	/** Resolves when no server in use is still connecting (connected or failed), or when `signal` aborts. */
	settled(signal?: AbortSignal): Promise<void> {
		return whenNone(() => this.connecting, this.#waiters, signal);
	}

	/**
	 * Adds a server and connects it. Throws `invalid_argument` for a bad URL or header, and
	 * for a URL that is already in the list (naming the entry).
	 */
	add(input: ServerInput): string {
		const url = parseServerUrl(input.url).href;
		const existing = this.#entries.find((entry) => entry.config.url === url);
		if (existing) {
			throw new AutoUiError(
				'invalid_argument',
				`This server is already in the list as "${existing.config.name}"${existing.config.enabled || existing.ephemeral ? '' : ' (disabled: enable it there)'}.`
			);
		}
		const config = createServerConfig(input, this.#names());
		this.#configs = [...this.#configs, config];
		this.#persist();
		this.#start(config);
		return config.id;
	}

	/** Changes a server's settings and reconnects it. */
	update(id: string, patch: Partial<Omit<ServerInput, 'enabled'>>): void {
		const current = this.#find(id);
		const next: McpServerConfig = { ...current };
		if (patch.url !== undefined) next.url = parseServerUrl(patch.url).href;
		if (patch.transport !== undefined) next.transport = patch.transport;
		if (patch.protocol !== undefined) next.protocol = parseProtocolChoice(patch.protocol);
		if (patch.headers !== undefined) next.headers = checkHeaders(patch.headers);
		if (patch.auth !== undefined) next.auth = patch.auth;
		if (patch.name !== undefined && patch.name.trim() && patch.name !== current.name) {
			next.name = uniqueName(
				patch.name,
				this.#names().filter((name) => name !== current.name)
			);
			delete next.autoName;
		}
		if (next.url !== current.url || next.auth === 'none') forgetOAuth(this.#storageOrMemory(), id);
		this.#replace(next);
		this.#start(next);
	}

	/** Removes a server (the built-in datasets server can only be disabled). */
	remove(id: string): void {
		const config = this.#find(id);
		if (config.builtin)
			throw new AutoUiError('invalid_argument', 'The built-in datasets server cannot be removed; disable it instead.');
		this.#stop(id);
		forgetOAuth(this.#storageOrMemory(), id);
		this.#configs = this.#configs.filter((entry) => entry.id !== id);
		this.#ephemeral = this.#ephemeral.filter((entry) => entry.id !== id);
		const { [id]: _removed, ...rest } = this.#runtime;
		this.#runtime = rest;
		this.#persist();
	}

	enable(id: string): void {
		const config = { ...this.#find(id), enabled: true };
		this.#replace(config);
		this.#start(config);
	}

	disable(id: string): void {
		this.#replace({ ...this.#find(id), enabled: false });
		this.#stop(id);
		this.#setRuntime(id, { ...idleRuntime(this.#find(id)), status: 'disabled' });
	}

	/** Reconnects now (after fixing the server, or to retry sooner than the backoff). */
	reconnect(id: string): void {
		this.#start(this.#find(id));
	}

	/** Switches the server to OAuth and starts the sign-in (the browser leaves the page). */
	signIn(id: string): void {
		const config = { ...this.#find(id), auth: 'oauth' as const };
		this.#replace(config);
		this.#start(config, true);
	}

	/** Forgets the server's OAuth credentials and stops using OAuth for it. */
	signOut(id: string): void {
		forgetOAuth(this.#storageOrMemory(), id);
		this.update(id, { auth: 'none' });
	}

	/**
	 * Connects the comma-separated URLs of the `mcp` URL parameter for this visit only.
	 * URLs already in the list are left as they are. Returns the errors of bad entries.
	 */
	fromUrlParam(value: string | null | undefined): string[] {
		const errors: string[] = [];
		for (const part of (value ?? '')
			.split(',')
			.map((text) => text.trim())
			.filter(Boolean)) {
			try {
				const url = parseServerUrl(part).href;
				if (this.#entries.some((entry) => entry.config.url === url)) continue;
				const config = createServerConfig({ url }, this.#names());
				this.#ephemeral = [...this.#ephemeral, config];
				this.#start(config);
			} catch (error) {
				errors.push(errorMessage(error));
			}
		}
		return errors;
	}

	/** The saved list without headers or tokens, for export. */
	exportConfig(): ExportedServer[] {
		return exportServers(this.#configs);
	}

	/** The connection of a server (connected or not), e.g. for the tool browser. */
	connection(id: string): McpConnection | undefined {
		return this.#connections.get(id);
	}

	/** Closes every connection. */
	destroy(): void {
		for (const id of [...this.#connections.keys()]) this.#stop(id);
	}

	#start(config: McpServerConfig, interactive = false): void {
		this.#stop(config.id);
		const ephemeral = this.#ephemeral.some((entry) => entry.id === config.id);
		if (!config.enabled && !ephemeral) {
			this.#setRuntime(config.id, { ...idleRuntime(config), status: 'disabled' });
			return;
		}
		// The provider's code loads when the connection opens its transport.
		const provider =
			config.auth === 'oauth' ? oauthProviderLoader(() => this.#provider(config, interactive)) : undefined;
		// Requests and wire messages carry the server's current name (renamed from serverInfo once connected).
		const currentName = () => connection?.name ?? config.name;
		const connection: McpConnection = new McpConnection({
			...this.#options.connection,
			name: config.name,
			url: config.url,
			transport: config.transport,
			protocol: config.protocol,
			headers: config.headers,
			authProvider: provider?.load,
			handlers: this.#options.clientHandlers?.(currentName),
			onWireMessage: this.#options.onWireMessage
				? (message) => this.#options.onWireMessage!(currentName(), message)
				: undefined,
			onChange: (changed) => {
				if (this.#connections.get(config.id) !== changed) return;
				if (changed.status === 'connected') this.#nameFromServer(config.id, changed);
				const previous = this.#runtime[config.id];
				const runtime = runtimeOf(changed, previous, provider?.current?.needsAuthorization ?? false);
				this.#setRuntime(config.id, runtime);
				if (runtime.status === 'error' && previous?.status !== 'error') void this.#diagnose(config, changed);
			}
		});
		this.#connections.set(config.id, connection);
		this.#setRuntime(config.id, { ...idleRuntime(config), status: 'connecting' });
		connection.connect().catch(() => undefined);
	}

	/**
	 * Replaces a name the user did not give (from the URL, e.g. `local_3001`) with one from
	 * the server's `serverInfo`, unique in the list; saved, so it stays the same after reload.
	 */
	#nameFromServer(id: string, connection: McpConnection): void {
		const config = this.#configs.find((entry) => entry.id === id) ?? this.#ephemeral.find((entry) => entry.id === id);
		if (!config?.autoName) return;
		const derived = nameFromServerInfo(connection.serverInfo);
		if (!derived) return;
		const { autoName: _done, ...rest } = config;
		const name =
			derived === config.name
				? derived
				: uniqueName(
						derived,
						this.#names().filter((taken) => taken !== config.name)
					);
		connection.rename(name);
		this.#replace({ ...rest, name });
	}

	/** Says why a server failed, unless it has recovered or been restarted meanwhile. */
	async #diagnose(config: McpServerConfig, connection: McpConnection): Promise<void> {
		const runtime = () => this.#runtime[config.id];
		const diagnosis =
			knownDiagnosis(config, connection, runtime()?.needsSignIn ?? false) ?? (await probeServer(config));
		if (this.#connections.get(config.id) !== connection || runtime()?.status !== 'error') return;
		this.#setRuntime(config.id, {
			...runtime(),
			diagnosis,
			needsSignIn: runtime().needsSignIn || (diagnosis.code === 'auth_required' && config.auth === 'oauth')
		});
	}

	#provider(config: McpServerConfig, interactive: boolean): Promise<StoredOAuthProvider> {
		const setup = {
			storage: this.#storageOrMemory(),
			origin: this.#origin,
			navigate: this.#options.navigate,
			returnTo: this.#options.returnTo?.()
		};
		return oauthProviderFor(config, setup, interactive);
	}

	#storageOrMemory(): KeyValueStore {
		this.#storage ??= memoryStore();
		return this.#storage;
	}

	#stop(id: string): void {
		const connection = this.#connections.get(id);
		this.#connections.delete(id);
		if (connection) void connection.close();
	}

	#find(id: string): McpServerConfig {
		const config = this.#configs.find((entry) => entry.id === id) ?? this.#ephemeral.find((entry) => entry.id === id);
		if (!config)
			throw new AutoUiError(
				'unknown_server',
				`No MCP server with id "${id}"; known: ${this.#entries.map((entry) => entry.config.name).join(', ') || 'none'}.`
			);
		return config;
	}

	#replace(config: McpServerConfig): void {
		if (this.#configs.some((entry) => entry.id === config.id)) {
			this.#configs = this.#configs.map((entry) => (entry.id === config.id ? config : entry));
			this.#persist();
		} else {
			this.#ephemeral = this.#ephemeral.map((entry) => (entry.id === config.id ? config : entry));
		}
	}

	#names(): string[] {
		return [...this.#configs, ...this.#ephemeral].map((config) => config.name);
	}

	#setRuntime(id: string, runtime: ServerRuntime): void {
		this.#runtime = { ...this.#runtime, [id]: runtime };
		for (const check of [...this.#waiters]) check();
	}

	#persist(): void {
		saveServers(this.#storage, this.#configs);
	}
}
