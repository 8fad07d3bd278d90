/**
 * OAuth 2.1 for remote MCP servers, on top of the SDK's client auth (protected-resource and
 * authorization-server discovery, dynamic client registration, PKCE, refresh). This file
 * supplies what the SDK leaves to the app: where client information, tokens and the PKCE
 * verifier live (this device only), how the browser is sent to the authorization server,
 * and how the callback page finishes the flow.
 */
import type {
	OAuthClientInformationMixed,
	OAuthClientMetadata,
	OAuthClientProvider,
	OAuthDiscoveryState,
	OAuthTokens
} from '@modelcontextprotocol/client';
import { AutoUiError, errorMessage, isPlainObject, randomId, tryParseJson } from '$lib/shared';
import { loadSdk } from '../connection/sdk-loader';
import { oauthCallbackPath, oauthKeyPrefix as keyPrefix, type KeyValueStore } from './oauth-storage';

export {
	clientMetadataPath,
	clientMetadataUrlFor,
	forgetOAuth,
	memoryStore,
	oauthCallbackPath,
	type KeyValueStore
} from './oauth-storage';

/**
 * What this app tells an authorization server about itself, for a given callback URL. The
 * application type follows the callback: a page served over https is a web client, one
 * served from a loopback http address (a local install) registers as a native client.
 */
export function clientMetadataFor(redirectUrl: string): OAuthClientMetadata & { application_type: 'web' | 'native' } {
	return {
		application_type: redirectUrl.startsWith('https://') ? 'web' : 'native',
		client_name: 'AutoUI',
		redirect_uris: [redirectUrl],
		grant_types: ['authorization_code', 'refresh_token'],
		response_types: ['code'],
		token_endpoint_auth_method: 'none'
	};
}

const pendingPrefix = 'autoui.mcp.oauth-pending.';
/** A started flow is abandoned after this long. */
const pendingLifetimeMs = 15 * 60_000;

interface StoredAuth {
	clientInformation?: OAuthClientInformationMixed;
	tokens?: OAuthTokens;
	codeVerifier?: string;
	discoveryState?: OAuthDiscoveryState;
}

/** A flow waiting for its callback, stored under its `state`. */
export interface PendingAuthorization {
	serverId: string;
	serverUrl: string;
	/** Path and query to return to after the callback (never another origin). */
	returnTo: string;
	createdAt: number;
}

/** How to build a provider for one server. */
export interface OAuthProviderOptions {
	/** Stable id of the server entry; keys the stored credentials. */
	serverId: string;
	serverUrl: string;
	storage: KeyValueStore;
	/** Full URL of the callback route on this app's origin. */
	redirectUrl: string;
	/**
	 * When true, `redirectToAuthorization` calls `navigate`; when false (background
	 * connects), it only records that the user must sign in, so a page load never jumps away.
	 */
	interactive?: boolean;
	navigate?: (url: URL) => void | Promise<void>;
	/** Where to come back to after signing in (path + query on this origin). */
	returnTo?: string;
	/**
	 * An https URL serving this client's metadata document (see `clientMetadataPath`); used
	 * as client id where the authorization server supports it, instead of registering.
	 */
	clientMetadataUrl?: string;
}

/** An `OAuthClientProvider` that keeps everything in this device's storage. */
export class StoredOAuthProvider implements OAuthClientProvider {
	readonly #options: OAuthProviderOptions;
	#needsAuthorization = false;

	constructor(options: OAuthProviderOptions) {
		this.#options = options;
	}

	/** True once the server asked for a sign-in that a non-interactive provider did not start. */
	get needsAuthorization(): boolean {
		return this.#needsAuthorization;
	}

	get redirectUrl(): string {
		return this.#options.redirectUrl;
	}

	get clientMetadataUrl(): string | undefined {
		return this.#options.clientMetadataUrl;
	}

	get clientMetadata(): OAuthClientMetadata {
		return clientMetadataFor(this.#options.redirectUrl);
	}

	state(): string {
		const state = randomId('', 24);
		const pending: PendingAuthorization = {
			serverId: this.#options.serverId,
			serverUrl: this.#options.serverUrl,
			returnTo: this.#options.returnTo ?? '/',
			createdAt: Date.now()
		};
		this.#options.storage.setItem(pendingPrefix + state, JSON.stringify(pending));
		return state;
	}

	clientInformation(): OAuthClientInformationMixed | undefined {
		return this.#read().clientInformation;
	}
	saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
		this.#write({ clientInformation });
	}
	tokens(): OAuthTokens | undefined {
		return this.#read().tokens;
	}
	saveTokens(tokens: OAuthTokens): void {
		this.#needsAuthorization = false;
		this.#write({ tokens });
	}
	saveCodeVerifier(codeVerifier: string): void {
		this.#write({ codeVerifier });
	}
	codeVerifier(): string {
		const verifier = this.#read().codeVerifier;
		if (!verifier)
			throw new AutoUiError(
				'mcp_auth',
				'no sign-in is in progress for this server (the PKCE verifier is missing); start the sign-in again.'
			);
		return verifier;
	}
	/**
	 * Keeps what discovery found, after checking that the authorization server's metadata
	 * names the server it was fetched from (RFC 8414 §3.3): metadata that claims another
	 * issuer could send the user's credentials to endpoints nobody vouched for.
	 */
	saveDiscoveryState(discoveryState: OAuthDiscoveryState): void {
		const claimed = discoveryState.authorizationServerMetadata?.issuer;
		if (claimed !== undefined && !sameIssuer(claimed, discoveryState.authorizationServerUrl)) {
			throw new AutoUiError(
				'mcp_auth',
				`The authorization server at ${discoveryState.authorizationServerUrl} published metadata for another issuer (${claimed}); sign-in was stopped. Tell the server's operator.`
			);
		}
		this.#write({ discoveryState });
	}
	discoveryState(): OAuthDiscoveryState | undefined {
		return this.#read().discoveryState;
	}

	async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
		if (await this.#restartedAtMovedServer(authorizationUrl)) return;
		if (!this.#options.interactive || !this.#options.navigate) {
			this.#needsAuthorization = true;
			return;
		}
		await this.#options.navigate(authorizationUrl);
	}

	invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
		if (scope === 'all') return this.clear();
		const stored = this.#read();
		if (scope === 'client') delete stored.clientInformation;
		if (scope === 'tokens') delete stored.tokens;
		if (scope === 'verifier') delete stored.codeVerifier;
		if (scope === 'discovery') delete stored.discoveryState;
		this.#options.storage.setItem(keyPrefix + this.#options.serverId, JSON.stringify(stored));
	}

	/**
	 * A new sign-in while tokens are stored means the server refused them. When its
	 * protected-resource metadata now names another authorization server (SEP-2352), the
	 * stored discovery and tokens are stale: they are dropped and the sign-in starts over at
	 * the new server, with the same scope (the old server's client id is never sent there:
	 * the SDK discards client information registered at another issuer). True when it did.
	 */
	async #restartedAtMovedServer(authorizationUrl: URL): Promise<boolean> {
		const stored = this.#read();
		const discovery = stored.discoveryState;
		if (!stored.tokens || !discovery) return false;
		const sdk = await loadSdk();
		let named: string | undefined;
		try {
			const resourceMetadataUrl = discovery.resourceMetadataUrl ? new URL(discovery.resourceMetadataUrl) : undefined;
			const metadata = await sdk.discoverOAuthProtectedResourceMetadata(this.#options.serverUrl, {
				resourceMetadataUrl
			});
			named = metadata.authorization_servers?.[0];
		} catch {
			return false;
		}
		if (!named || sameIssuer(named.replace(/\/$/, ''), discovery.authorizationServerUrl.replace(/\/$/, '')))
			return false;
		this.invalidateCredentials('discovery');
		this.invalidateCredentials('tokens');
		this.invalidateCredentials('verifier');
		const scope = authorizationUrl.searchParams.get('scope') ?? undefined;
		await sdk.auth(this, { serverUrl: this.#options.serverUrl, scope });
		return true;
	}

	/** True when tokens are stored for this server. */
	hasTokens(): boolean {
		return this.tokens() !== undefined;
	}

	/** Forgets every credential of this server (sign out). */
	clear(): void {
		this.#options.storage.removeItem(keyPrefix + this.#options.serverId);
	}

	#read(): StoredAuth {
		const value = tryParseJson(this.#options.storage.getItem(keyPrefix + this.#options.serverId) ?? '');
		return isPlainObject(value) ? (value as StoredAuth) : {};
	}

	#write(patch: Partial<StoredAuth>): void {
		this.#options.storage.setItem(keyPrefix + this.#options.serverId, JSON.stringify({ ...this.#read(), ...patch }));
	}
}

/**
 * True when `claimed` is the issuer `discoveredAt` identifies. Compared as strings, except
 * that a bare origin may carry the trailing slash URL serialisation adds.
 */
function sameIssuer(claimed: string, discoveredAt: string): boolean {
	if (claimed === discoveredAt) return true;
	const bare =
		discoveredAt.endsWith('/') && new URL(discoveredAt).pathname === '/' ? discoveredAt.slice(0, -1) : discoveredAt;
	return claimed === bare;
}

/**
 * Checks the callback's `iss` (RFC 9207) against the issuer discovery recorded for the
 * server: a present `iss` must be exactly that issuer, and a server that promised to send
 * one must have sent it. Otherwise the code may come from another authorization server.
 */
function checkIssuer(url: URL, discovery: OAuthDiscoveryState | undefined): void {
	// RFC 9207's flag is not in the SDK's metadata type; the parsed metadata keeps it.
	const metadata = discovery?.authorizationServerMetadata as
		{ issuer: string; authorization_response_iss_parameter_supported?: boolean } | undefined;
	if (!metadata) return;
	const iss = url.searchParams.get('iss');
	if (iss === null) {
		if (metadata.authorization_response_iss_parameter_supported === true) {
			throw new AutoUiError(
				'mcp_auth',
				`The sign-in response did not say which authorization server sent it, although ${metadata.issuer} promised to; it was refused. Start the sign-in again.`
			);
		}
		return;
	}
	if (iss !== metadata.issuer) {
		throw new AutoUiError(
			'mcp_auth',
			`The sign-in response came from ${iss}, not from the authorization server this sign-in started at (${metadata.issuer}); it was refused. Start the sign-in again.`
		);
	}
}

/**
 * Finishes a flow on the callback route: checks `state`, exchanges the code for tokens
 * (through the SDK, with the stored PKCE verifier) and returns where to go next.
 */
export async function finishOAuth(options: {
	url: URL;
	storage: KeyValueStore;
	signal?: AbortSignal;
}): Promise<PendingAuthorization> {
	const { url, storage } = options;
	const error = url.searchParams.get('error');
	const state = url.searchParams.get('state') ?? '';
	const pendingText = state ? storage.getItem(pendingPrefix + state) : null;
	if (state) storage.removeItem(pendingPrefix + state);
	if (error) {
		const description = url.searchParams.get('error_description');
		throw new AutoUiError(
			'mcp_auth',
			`The authorization server refused the sign-in: ${error}${description ? ` (${description})` : ''}.`
		);
	}
	const code = url.searchParams.get('code');
	if (!code)
		throw new AutoUiError(
			'mcp_auth',
			'The sign-in callback has no authorization code; start the sign-in again from the MCP panel.'
		);
	const pending = tryParseJson(pendingText ?? '') as PendingAuthorization | undefined;
	if (!pending || typeof pending.serverId !== 'string' || Date.now() - pending.createdAt > pendingLifetimeMs) {
		throw new AutoUiError(
			'mcp_auth',
			'This sign-in was not started here or has expired; start it again from the MCP panel.'
		);
	}
	const provider = new StoredOAuthProvider({
		serverId: pending.serverId,
		serverUrl: pending.serverUrl,
		storage,
		redirectUrl: new URL(oauthCallbackPath, url).href
	});
	checkIssuer(url, provider.discoveryState());
	try {
		const { auth } = await loadSdk();
		const result = await auth(provider, {
			serverUrl: pending.serverUrl,
			authorizationCode: code,
			iss: url.searchParams.get('iss') ?? undefined
		});
		if (result !== 'AUTHORIZED') throw new Error(`unexpected result ${result}`);
	} catch (cause) {
		throw new AutoUiError(
			'mcp_auth',
			`Exchanging the authorization code failed: ${errorMessage(cause)}. Start the sign-in again.`,
			{ cause }
		);
	}
	return {
		...pending,
		returnTo: pending.returnTo.startsWith('/') && !pending.returnTo.startsWith('//') ? pending.returnTo : '/'
	};
}
