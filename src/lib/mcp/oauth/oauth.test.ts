import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoUiError } from '$lib/shared';
import { McpConnection } from '../connection/connection';
import {
	clientMetadataFor,
	clientMetadataUrlFor,
	finishOAuth,
	memoryStore,
	oauthCallbackPath,
	StoredOAuthProvider,
	type KeyValueStore
} from './oauth';
import { headlessSignIn } from './oauth-headless';
import { startOAuthServer, type RunningServer } from '../../../../tests/fixtures/mcp/launchers';

const appOrigin = 'http://127.0.0.1:5999';
const redirectUrl = appOrigin + oauthCallbackPath;

async function stats(server: RunningServer): Promise<Record<string, number>> {
	return (await fetch(new URL('/stats', server.url))).json();
}

/** Plays the browser: follows the authorization URL (automatic consent) to the callback URL. */
async function consent(authorizationUrl: URL): Promise<URL> {
	const response = await fetch(authorizationUrl, { redirect: 'manual' });
	expect(response.status).toBe(302);
	return new URL(response.headers.get('location')!);
}

async function signIn(server: RunningServer, storage: KeyValueStore): Promise<void> {
	let captured: URL | undefined;
	const provider = new StoredOAuthProvider({
		serverId: 'secure',
		serverUrl: server.url,
		storage,
		redirectUrl,
		interactive: true,
		navigate: (url) => {
			captured = url;
		},
		returnTo: '/?x=1'
	});
	const connection = new McpConnection({ name: 'secure', url: server.url, authProvider: provider });
	const error = await connection.connect().catch((e: unknown) => e);
	expect((error as AutoUiError).code).toBe('mcp_auth');
	expect(captured?.searchParams.get('code_challenge_method')).toBe('S256');
	const callback = await consent(captured!);
	expect(callback.origin + callback.pathname).toBe(redirectUrl);
	const pending = await finishOAuth({ url: callback, storage });
	expect(pending).toMatchObject({ serverId: 'secure', serverUrl: server.url, returnTo: '/?x=1' });
	await connection.close();
}

describe('OAuth against the SDK-built protected server', () => {
	let server: RunningServer;
	beforeAll(async () => {
		// Long enough that connecting and the first calls finish before it expires, even on a busy machine.
		server = await startOAuthServer({ tokenLifetimeSeconds: 3 });
	});
	afterAll(async () => server?.stop());

	it('registers, authorizes with PKCE, exchanges the code, lists tools and refreshes an expired token', async () => {
		const storage = memoryStore();
		await signIn(server, storage);
		const provider = new StoredOAuthProvider({ serverId: 'secure', serverUrl: server.url, storage, redirectUrl });
		expect(provider.hasTokens()).toBe(true);
		const connection = new McpConnection({
			name: 'secure',
			url: server.url,
			authProvider: provider,
			transport: 'streamable-http'
		});
		await connection.connect();
		expect(connection.tools.map((tool) => tool.name).sort()).toEqual(['secret', 'whoami']);
		const clientId = (provider.clientInformation() as { client_id: string }).client_id;
		const who = await connection.callTool('whoami', {});
		expect(who.content[0]).toEqual({ type: 'text', text: clientId });
		const before = await stats(server);
		await new Promise((resolve) => setTimeout(resolve, 3300));
		const secret = await connection.callTool('secret', {});
		expect(secret.content[0]).toMatchObject({ text: 'the treasure is under the canvas' });
		const after = await stats(server);
		expect(after.refreshes).toBe(before.refreshes + 1);
		expect(after.registrations).toBe(1);
		await connection.close();
	});

	it('a background connect without tokens asks for sign-in instead of navigating away', async () => {
		const provider = new StoredOAuthProvider({
			serverId: 'other',
			serverUrl: server.url,
			storage: memoryStore(),
			redirectUrl
		});
		const connection = new McpConnection({ name: 'secure', url: server.url, authProvider: provider });
		const error = (await connection.connect().catch((e: unknown) => e)) as AutoUiError;
		expect(error.code).toBe('mcp_auth');
		expect(provider.needsAuthorization).toBe(true);
	});

	it('rejects callbacks with an unknown state, an error, or no code', async () => {
		const storage = memoryStore();
		await expect(finishOAuth({ url: new URL(`${redirectUrl}?code=abc&state=forged`), storage })).rejects.toThrow(
			/not started here/
		);
		await expect(finishOAuth({ url: new URL(`${redirectUrl}?error=access_denied&state=x`), storage })).rejects.toThrow(
			/access_denied/
		);
		await expect(finishOAuth({ url: new URL(`${redirectUrl}?state=x`), storage })).rejects.toThrow(
			/no authorization code/
		);
	});

	it('signs in headlessly: the authorization URL is followed and the callback finished without a browser', async () => {
		const storage = memoryStore();
		const signIn = headlessSignIn({ storage });
		const provider = new StoredOAuthProvider({
			serverId: 'headless',
			serverUrl: server.url,
			storage,
			redirectUrl,
			interactive: true,
			navigate: signIn.navigate
		});
		const connection = new McpConnection({
			name: 'secure',
			url: server.url,
			authProvider: provider,
			transport: 'streamable-http'
		});
		const first = (await connection.connect().catch((e: unknown) => e)) as AutoUiError;
		expect(first.code).toBe('mcp_auth');
		expect(signIn.completed).toBe(1);
		expect(provider.hasTokens()).toBe(true);
		await connection.connect();
		expect(connection.tools.map((tool) => tool.name)).toContain('whoami');
		await connection.close();
	});
});

describe('OAuth checks of the authorization server', () => {
	const issuer = 'http://127.0.0.1:6001';
	const metadata = {
		issuer,
		authorization_endpoint: `${issuer}/authorize`,
		token_endpoint: `${issuer}/token`,
		response_types_supported: ['code'],
		authorization_response_iss_parameter_supported: true
	};

	/** A started sign-in whose discovery recorded `metadata`; returns its state. */
	function started(storage: KeyValueStore): string {
		const provider = new StoredOAuthProvider({
			serverId: 's1',
			serverUrl: 'http://127.0.0.1:6000/mcp',
			storage,
			redirectUrl
		});
		provider.saveDiscoveryState({ authorizationServerUrl: issuer, authorizationServerMetadata: metadata });
		return provider.state();
	}

	it('refuses a callback whose iss names another authorization server, or lacks the promised iss', async () => {
		let storage = memoryStore();
		let state = started(storage);
		await expect(
			finishOAuth({
				url: new URL(`${redirectUrl}?code=c&state=${state}&iss=${encodeURIComponent('http://evil.example')}`),
				storage
			})
		).rejects.toThrow(/came from http:\/\/evil\.example, not from the authorization server/);
		storage = memoryStore();
		state = started(storage);
		await expect(
			finishOAuth({
				url: new URL(`${redirectUrl}?code=c&state=${state}&iss=${encodeURIComponent(issuer + '/')}`),
				storage
			})
		).rejects.toThrow(/came from/);
		storage = memoryStore();
		state = started(storage);
		await expect(finishOAuth({ url: new URL(`${redirectUrl}?code=c&state=${state}`), storage })).rejects.toThrow(
			/did not say which authorization server sent it/
		);
	});

	it('refuses authorization server metadata that names another issuer than the one it was fetched from', () => {
		const provider = new StoredOAuthProvider({
			serverId: 's2',
			serverUrl: 'http://127.0.0.1:6000/mcp',
			storage: memoryStore(),
			redirectUrl
		});
		expect(() =>
			provider.saveDiscoveryState({ authorizationServerUrl: issuer + '/', authorizationServerMetadata: metadata })
		).not.toThrow();
		expect(() =>
			provider.saveDiscoveryState({
				authorizationServerUrl: 'http://127.0.0.1:6002/',
				authorizationServerMetadata: metadata
			})
		).toThrow(/published metadata for another issuer/);
		expect(provider.discoveryState()?.authorizationServerUrl).toBe(issuer + '/');
	});

	it('describes itself as a web client over https and as a native one on a loopback address, with a metadata document only over https', () => {
		expect(clientMetadataFor('https://autoui.example/oauth/callback')).toMatchObject({
			application_type: 'web',
			redirect_uris: ['https://autoui.example/oauth/callback']
		});
		expect(clientMetadataFor(redirectUrl).application_type).toBe('native');
		expect(clientMetadataUrlFor('https://autoui.example')).toBe('https://autoui.example/oauth/client-metadata.json');
		expect(clientMetadataUrlFor(appOrigin)).toBeUndefined();
	});
});
