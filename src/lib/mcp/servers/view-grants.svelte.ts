/**
 * What the user allowed a server's MCP App Views beyond the default CSP ("Allow for this
 * server" on a refused View): one `{ directive, source }` per permission, by the server's URL,
 * kept in localStorage (`autoui.view-grants.v1`). The server's row in the MCP panel lists
 * them and revokes them; the MCP Apps host adds them to the policy its Views load with.
 * Reactive (runes), so the row follows a grant given on a widget.
 */
import { browserStorage } from '$lib/shared';

/** One permission: a source added to a directive (`script-src 'unsafe-eval'`). */
export interface ViewGrant {
	directive: string;
	source: string;
}

const storageKey = 'autoui.view-grants.v1';
/** At most this many grants a server (older ones go first). */
const maxPerServer = 32;

function isGrant(value: unknown): value is ViewGrant {
	return (
		!!value &&
		typeof value === 'object' &&
		typeof (value as ViewGrant).directive === 'string' &&
		typeof (value as ViewGrant).source === 'string'
	);
}

/** The grants of every server; one per page (the server list holds it). */
export class ViewGrants {
	#storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
	#all = $state.raw<Record<string, ViewGrant[]>>({});

	constructor(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = browserStorage()) {
		this.#storage = storage;
		this.#all = this.#load();
	}

	#load(): Record<string, ViewGrant[]> {
		try {
			const value: unknown = JSON.parse(this.#storage?.getItem(storageKey) ?? '{}');
			if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
			const entries = Object.entries(value as Record<string, unknown>).map(
				([server, grants]) => [server, Array.isArray(grants) ? grants.filter(isGrant) : []] as const
			);
			return Object.fromEntries(entries.filter(([, grants]) => grants.length));
		} catch {
			return {};
		}
	}

	#save(next: Record<string, ViewGrant[]>): void {
		this.#all = next;
		try {
			this.#storage?.setItem(storageKey, JSON.stringify(next));
		} catch {
			// Storage full or blocked: the grant holds for this visit.
		}
	}

	/** The grants of the server at `server` (its URL). */
	of(server: string): ViewGrant[] {
		return this.#all[server] ?? [];
	}

	/** Allows `grant` for the server's Views from now on. */
	grant(server: string, grant: ViewGrant): void {
		const current = this.of(server);
		if (current.some((entry) => entry.directive === grant.directive && entry.source === grant.source)) return;
		const next = [...current, { directive: grant.directive, source: grant.source }].slice(-maxPerServer);
		this.#save({ ...this.#all, [server]: next });
	}

	/** Takes `grant` back (the server's Views load without it next time). */
	revoke(server: string, grant: ViewGrant): void {
		const next = this.of(server).filter(
			(entry) => entry.directive !== grant.directive || entry.source !== grant.source
		);
		const all = { ...this.#all };
		if (next.length) all[server] = next;
		else delete all[server];
		this.#save(all);
	}
}
