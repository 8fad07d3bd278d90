/**
 * The sandbox origins the app's server names, asked once with the first View (the lookup's
 * code loads then, not with the page). A failed lookup (offline, too slow) is asked again by
 * the next View.
 */
import type { SandboxOrigins, ViewOrigin, viewOriginFor as ViewOriginFor } from './sandbox-origin';

/** The shared origin and each server's own, from one lookup. */
export interface SandboxLookup {
	/** The shared sandbox origin (null: the server names none, as the Vite dev server). */
	shared(): Promise<string | null>;
	/** The origin of the Views of the server `key` (its URL): its own where the sandbox offers one. */
	viewOrigin(key: string): Promise<ViewOrigin | null>;
}

export function sandboxLookup(fetcher: () => typeof fetch): SandboxLookup {
	let pending: Promise<{ origins: SandboxOrigins; viewOriginFor: typeof ViewOriginFor }> | undefined;
	const look = () =>
		(pending ??= import('./sandbox-origin')
			.then(async ({ lookUpSandboxOrigins, viewOriginFor }) => ({
				origins: await lookUpSandboxOrigins(fetcher()),
				viewOriginFor
			}))
			.catch((error: unknown) => {
				pending = undefined;
				throw error;
			}));
	return {
		shared: async () => (await look()).origins.shared ?? null,
		viewOrigin: async (key) => {
			const { origins, viewOriginFor } = await look();
			return viewOriginFor(origins, key);
		}
	};
}
