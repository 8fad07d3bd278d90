/** Asks the app's own server where the View sandbox is (`GET /api/mcp-apps`), within a bound. */
import { errorMessage } from '$lib/shared';

/** How long the app's own server has to say where the sandbox is (a View says why it waits no longer). */
export const sandboxLookupTimeoutMs = 10_000;

/** The sandbox origin the server names (null: it serves none); rejects with advice when it cannot be asked. */
export function lookUpSandboxOrigin(fetcher: typeof fetch): Promise<string | null> {
	return fetcher('/api/mcp-apps', { signal: AbortSignal.timeout(sandboxLookupTimeoutMs) })
		.then(async (response) => {
			if (!response.ok) return null;
			const body = (await response.json()) as { sandboxOrigin?: unknown };
			return typeof body.sandboxOrigin === 'string' ? body.sandboxOrigin : null;
		})
		.catch((error: unknown) => {
			throw new Error(
				`the app's server did not say where the sandbox is (${errorMessage(error)}); check that it is reachable, then try again`
			);
		});
}
