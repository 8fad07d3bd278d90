/**
 * MCP servers named by a link (`?mcp=` or a shared canvas) are never connected without the
 * user's consent: a connected server's tool descriptions and results reach the model, so a
 * link could otherwise plant a prompt-injection or exfiltration channel. The offer holds the
 * URLs until the user chooses "connect for this visit" or "don't connect". Servers already
 * in the user's list need no consent (they are the user's own). Accepted servers are added
 * for this visit only, with no header or token: nothing stored for another server is sent.
 */
import { errorMessage } from '$lib/shared';
import { parseServerUrl } from './server-config';
import type { McpServerList } from './server-list.svelte';

/** Where the URLs came from, for the prompt's wording. */
export type LinkSource = 'mcp' | 'share';

/** The servers a link asks to connect, waiting for the user. */
export interface PendingLinkServers {
	urls: readonly string[];
	sources: readonly LinkSource[];
}

/** Holds a link's servers until the user decides. */
export class LinkServerOffer {
	#list: McpServerList;
	#pending = $state.raw<PendingLinkServers | null>(null);

	constructor(list: McpServerList) {
		this.#list = list;
	}

	/** The servers waiting for a decision, or null. */
	get pending(): PendingLinkServers | null {
		return this.#pending;
	}

	/**
	 * Offers the URLs of a link (a comma-separated `mcp` parameter or a list). Bad URLs are
	 * returned as errors; URLs already in the user's list are left alone.
	 */
	offer(value: string | readonly string[] | null | undefined, source: LinkSource): string[] {
		const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
		const errors: string[] = [];
		const known = new Set(this.#list.servers.map((entry) => entry.config.url));
		const urls = new Set(this.#pending?.urls ?? []);
		for (const part of parts.map((text) => text.trim()).filter(Boolean)) {
			try {
				const url = parseServerUrl(part).href;
				if (!known.has(url)) urls.add(url);
			} catch (error) {
				errors.push(errorMessage(error));
			}
		}
		if (urls.size > (this.#pending?.urls.length ?? 0)) {
			const sources = new Set([...(this.#pending?.sources ?? []), source]);
			this.#pending = { urls: [...urls], sources: [...sources] };
		}
		return errors;
	}

	/** Connects the offered servers for this visit. */
	accept(): void {
		const pending = this.#pending;
		this.#pending = null;
		if (pending) this.#list.fromUrlParam(pending.urls.join(','));
	}

	/** Connects nothing. */
	dismiss(): void {
		this.#pending = null;
	}
}
