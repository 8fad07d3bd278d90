/**
 * The page's localStorage, or undefined where there is none or reading it throws (storage
 * disabled, a sandboxed frame, a server run).
 */
export function browserStorage(): Storage | undefined {
	try {
		return globalThis.localStorage;
	} catch {
		return undefined;
	}
}
