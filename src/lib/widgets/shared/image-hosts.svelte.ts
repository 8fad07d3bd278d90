/**
 * Which hosts widgets may load images from without asking. Loading an image tells its host
 * the user's IP address and that the canvas was opened (a tracking pixel), so an image from
 * a host the user has not approved shows a "load" button instead (click-to-load). Approved:
 * the hosts of the connected MCP servers (their data already comes from there), the hosts
 * the user approved for this visit, and those they chose to always allow (kept on this
 * device). One instance for the page: a preference, like the theme.
 */
const storageKey = 'autoui.images.approvedHosts';

function readSaved(): string[] {
	try {
		const saved = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? '[]');
		return Array.isArray(saved)
			? saved.filter((host): host is string => typeof host === 'string' && host.length > 0 && host.length < 254)
			: [];
	} catch {
		return [];
	}
}

/** The approved image hosts (reactive). */
export class ImageHostApprovals {
	#remembered = $state.raw<readonly string[]>(readSaved());
	#visit = $state.raw<readonly string[]>([]);
	#servers = $state.raw<readonly string[]>([]);

	/** Every approved host. */
	get hosts(): readonly string[] {
		return [...this.#remembered, ...this.#visit, ...this.#servers];
	}

	/** Hosts the user chose to always allow. */
	get remembered(): readonly string[] {
		return this.#remembered;
	}

	/** Approves a host for this visit, or on this device when `remember` is set. */
	approve(host: string, { remember = false } = {}): void {
		const name = host.trim().toLowerCase();
		if (!name) return;
		if (remember) {
			if (!this.#remembered.includes(name)) this.#remembered = [...this.#remembered, name];
			try {
				globalThis.localStorage?.setItem(storageKey, JSON.stringify(this.#remembered));
			} catch {
				// Approved for this visit only when storage is unavailable.
			}
		} else if (!this.#visit.includes(name)) this.#visit = [...this.#visit, name];
	}

	/** Forgets every approval kept on this device. */
	forget(): void {
		this.#remembered = [];
		this.#visit = [];
		try {
			globalThis.localStorage?.removeItem(storageKey);
		} catch {
			// Nothing kept.
		}
	}

	/** The hosts of the connected MCP servers (set by the page as servers come and go). */
	setServerHosts(hosts: readonly string[]): void {
		const next = [...new Set(hosts.map((host) => host.toLowerCase()).filter(Boolean))];
		if (next.join() !== this.#servers.join()) this.#servers = next;
	}
}

/** The page's approvals. */
export const imageHosts = new ImageHostApprovals();
