/**
 * Loads the MCP SDK on first use, so the first page paint does not wait for it. Once
 * loaded, `loadedSdk()` gives synchronous access for error classification: before that no
 * error can have come from the SDK.
 */
type Sdk = typeof import('./sdk');

let loading: Promise<Sdk> | undefined;
let loaded: Sdk | undefined;

/** The SDK, imported once. */
export function loadSdk(): Promise<Sdk> {
	loading ??= import('./sdk').then((sdk) => (loaded = sdk));
	return loading;
}

/** The SDK if it has been loaded. */
export function loadedSdk(): Sdk | undefined {
	return loaded;
}
