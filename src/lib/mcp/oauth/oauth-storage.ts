/**
 * What the app keeps of OAuth without signing in: where the credentials are stored, the
 * callback and metadata paths, and forgetting a server's credentials. Light, so the server
 * list carries it on the first route; the provider and the callback's exchange
 * (`oauth.ts`) load with the first connection that signs in.
 */

/** Where a server entry's credentials are stored (its id follows). */
export const oauthKeyPrefix = 'autoui.mcp.oauth.';

/** The subset of the Web Storage API we use, so Node tests can pass an in-memory store. */
export interface KeyValueStore {
	getItem(key: string): string | null;
	setItem(key: string, value: string): void;
	removeItem(key: string): void;
}

/** An in-memory `KeyValueStore` (tests, or browsers with storage disabled). */
export function memoryStore(): KeyValueStore {
	const map = new Map<string, string>();
	return {
		getItem: (key) => map.get(key) ?? null,
		setItem: (key, value) => void map.set(key, value),
		removeItem: (key) => void map.delete(key)
	};
}

/** Path of the callback route that finishes the flow. */
export const oauthCallbackPath = '/oauth/callback';

/**
 * Path of this app's OAuth client metadata document. Served over https, its URL is our
 * client id at authorization servers that accept Client ID Metadata Documents, so no
 * dynamic registration is needed there.
 */
export const clientMetadataPath = '/oauth/client-metadata.json';

/**
 * The metadata document URL to offer as client id from an app served at `origin`, or
 * undefined when the origin is not https (authorization servers only fetch https URLs).
 */
export function clientMetadataUrlFor(origin: string): string | undefined {
	return origin.startsWith('https://') ? origin + clientMetadataPath : undefined;
}

/** Forgets the stored OAuth credentials of a server entry. */
export function forgetOAuth(storage: KeyValueStore, serverId: string): void {
	storage.removeItem(oauthKeyPrefix + serverId);
}
