/**
 * The live side of one server in the list, framework-free: the status the panel shows, the
 * runtime record built from its connection, the diagnosis after a failure (the doctor loads
 * on demand), the OAuth provider it signs in with, and the one-line summary of them all.
 */
import type { ToolDefinition } from '$lib/shared';
import { errorMessage } from '$lib/shared';
import type { ConnectionStatus, McpConnection, PromptSummary, ResourceSummary } from '../connection/connection';
import type { TransportKind } from '../connection/transport';
import type { Diagnosis } from '../doctor/doctor';
import type { StoredOAuthProvider } from '../oauth/oauth';
import { clientMetadataUrlFor, oauthCallbackPath, type KeyValueStore } from '../oauth/oauth-storage';
import type { McpServerConfig } from './server-config';

/** What the panel shows for a server. */
export type ServerStatus = 'connecting' | 'connected' | 'reconnecting' | 'error' | 'disabled';

/** Live state of one server. */
export interface ServerRuntime {
	status: ServerStatus;
	error?: string;
	diagnosis?: Diagnosis;
	/** OAuth is configured (or offered) and the user must sign in. */
	needsSignIn: boolean;
	transportKind?: TransportKind;
	/** The protocol revision negotiated with the server (e.g. `2026-07-28`), while connected. */
	protocolVersion?: string;
	tools: ToolDefinition[];
	prompts: PromptSummary[];
	resources: ResourceSummary[];
	serverName?: string;
}

/** The header pill's status for the whole list. */
export type ListStatus = 'not-configured' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'partial';

const statusOf: Record<ConnectionStatus, ServerStatus> = {
	idle: 'connecting',
	connecting: 'connecting',
	connected: 'connected',
	reconnecting: 'reconnecting',
	error: 'error',
	closed: 'disabled'
};

/** A server's state before its connection reports: connecting when enabled, else disabled. */
export function idleRuntime(config: McpServerConfig): ServerRuntime {
	return {
		status: config.enabled ? 'connecting' : 'disabled',
		needsSignIn: false,
		tools: [],
		prompts: [],
		resources: []
	};
}

/**
 * The runtime record after a change of `connection`. A diagnosis outlives reconnect attempts
 * (it is kept from `previous`) and goes once the server is connected.
 */
export function runtimeOf(
	connection: McpConnection,
	previous: ServerRuntime | undefined,
	needsSignIn: boolean
): ServerRuntime {
	const status = statusOf[connection.status];
	return {
		status,
		error: status === 'connected' ? undefined : connection.error?.message,
		diagnosis: status === 'connected' ? undefined : previous?.diagnosis,
		needsSignIn,
		transportKind: connection.transportKind,
		protocolVersion: status === 'connected' ? connection.protocolVersion : undefined,
		tools: connection.tools,
		prompts: connection.prompts,
		resources: connection.resources,
		serverName: connection.serverInfo?.title ?? connection.serverInfo?.name
	};
}

/**
 * A diagnosis that needs no probe: signing in when OAuth asks for it, or "Use auto" when a
 * `modern` server cannot speak 2026-07-28. Undefined when the doctor must find out.
 */
export function knownDiagnosis(
	config: McpServerConfig,
	connection: McpConnection,
	needsSignIn: boolean
): Diagnosis | undefined {
	if (needsSignIn) {
		return {
			code: 'auth_required',
			status: 401,
			offerOAuth: true,
			summary: 'The server requires you to sign in.',
			fix: 'Press "Sign in" to continue with OAuth.'
		};
	}
	if (config.protocol === 'modern' && connection.error?.code === 'mcp_protocol') {
		return {
			code: 'protocol_revision',
			summary: connection.error.message,
			fix: 'Press "Use auto" to speak 2026-07-28 when the server offers it and 2025-11-25 otherwise.',
			suggestedProtocol: 'auto'
		};
	}
	return undefined;
}

/** What the connection doctor's probes find (it loads now, on the first failure); never rejects. */
export async function probeServer(config: McpServerConfig): Promise<Diagnosis> {
	const { diagnose } = await import('../doctor/doctor');
	return diagnose({
		url: config.url,
		transport: config.transport,
		headers: config.headers,
		pageUrl: globalThis.location?.href,
		protocol: config.protocol
	}).catch((error: unknown) => ({
		code: 'unreachable' as const,
		summary: errorMessage(error),
		fix: 'Press Reconnect.'
	}));
}

/** Where an OAuth sign-in starts and comes back to. */
export interface SignInSetup {
	storage: KeyValueStore;
	/** The app's origin (redirect URL, client metadata document). */
	origin: string;
	/** Sends the browser to the authorization server (default: `location.assign`). */
	navigate?: (url: URL) => void;
	/** Path + query to come back to (default: the current page). */
	returnTo?: string;
}

/**
 * The OAuth provider of a server set to `oauth`; `interactive` lets it leave the page to sign
 * in. Its code loads with the first server that signs in, not with the page.
 */
export async function oauthProviderFor(
	config: McpServerConfig,
	setup: SignInSetup,
	interactive: boolean
): Promise<StoredOAuthProvider> {
	const { StoredOAuthProvider } = await import('../oauth/oauth');
	return new StoredOAuthProvider({
		serverId: config.id,
		serverUrl: config.url,
		storage: setup.storage,
		redirectUrl: setup.origin + oauthCallbackPath,
		clientMetadataUrl: clientMetadataUrlFor(setup.origin),
		interactive,
		navigate: setup.navigate ?? ((url) => globalThis.location?.assign(url.href)),
		returnTo: setup.returnTo ?? (globalThis.location ? globalThis.location.pathname + globalThis.location.search : '/')
	});
}

/** A server's OAuth provider, made by the first transport that needs it (`load`), then kept. */
export function oauthProviderLoader(make: () => Promise<StoredOAuthProvider>): {
	load(): Promise<StoredOAuthProvider>;
	readonly current: StoredOAuthProvider | undefined;
} {
	let current: StoredOAuthProvider | undefined;
	let loading: Promise<StoredOAuthProvider> | undefined;
	return {
		load: () =>
			(loading ??= make().then(
				(made) => (current = made),
				(error: unknown) => {
					loading = undefined;
					throw error;
				}
			)),
		get current() {
			return current;
		}
	};
}

/** The names of the servers in use (enabled, or for this visit) still making their first connection. */
export function stillConnecting(
	entries: ReadonlyArray<{ config: McpServerConfig; ephemeral: boolean; runtime: ServerRuntime }>
): string[] {
	return entries
		.filter((entry) => (entry.config.enabled || entry.ephemeral) && entry.runtime.status === 'connecting')
		.map((entry) => entry.config.name);
}

/**
 * Resolves when `names()` is empty or `signal` aborts. The check joins `waiters`, which the
 * owner runs after every change, and leaves it once settled.
 */
export function whenNone(
	names: () => readonly string[],
	waiters: Set<() => void>,
	signal?: AbortSignal
): Promise<void> {
	return new Promise((resolve) => {
		const check = () => {
			if (names().length && !signal?.aborted) return;
			waiters.delete(check);
			signal?.removeEventListener('abort', check);
			resolve();
		};
		waiters.add(check);
		signal?.addEventListener('abort', check, { once: true });
		check();
	});
}

/** One status for the header pill over the servers in use (enabled or for this visit), with a short detail. */
export function summarize(runtimes: readonly ServerRuntime[]): { status: ListStatus; detail: string } {
	if (!runtimes.length) return { status: 'not-configured', detail: 'no servers enabled' };
	const count = (status: ServerStatus) => runtimes.filter((runtime) => runtime.status === status).length;
	const connected = count('connected');
	const tools = runtimes.reduce((sum, runtime) => sum + (runtime.status === 'connected' ? runtime.tools.length : 0), 0);
	const detail = `${connected}/${runtimes.length} connected · ${tools} tools`;
	// Some servers working and some failing is partial health (amber), not a total failure.
	if (count('error'))
		return { status: connected ? 'partial' : 'error', detail: `${count('error')} failing · ${detail}` };
	if (count('reconnecting')) return { status: 'reconnecting', detail };
	if (count('connecting')) return { status: 'connecting', detail };
	return { status: 'connected', detail };
}
