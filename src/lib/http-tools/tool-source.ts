/**
 * The HTTP tool sets as one `ToolSource`: the hub reads their layers, servers and secrets from
 * the list, and waits for the saved sets (IndexedDB) before a turn. A `?tools=` link's
 * documents come with the source as an offer the user must accept (see link-tools).
 */
import type { SourceStatus, ToolSource } from '$lib/tool-hub';
import type { ToolServer } from '$lib/shared';
import { HttpToolList, type HttpToolListOptions } from './http-tool-list.svelte';
import type { LinkToolsOffer } from './link-tools.svelte';

/** The page's HTTP tools: the list the panel edits, and a link's pending documents. */
export class HttpToolSource implements ToolSource {
	readonly id = 'http-tools';
	readonly kind = 'http';
	readonly list: HttpToolList;
	/** The documents a `?tools=` link named, waiting for consent; none without such a link. */
	readonly link: LinkToolsOffer | undefined;

	constructor(list: HttpToolList, link?: LinkToolsOffer) {
		this.list = list;
		this.link = link;
	}

	get layers() {
		return this.list.layers;
	}

	get servers(): ToolServer[] {
		return this.list.servers;
	}

	get secretValues(): string[] {
		return this.list.secretValues;
	}

	get status(): SourceStatus {
		const sets = this.list.sets.filter((entry) => entry.config.enabled);
		if (!sets.length) return { state: 'not-configured', detail: 'no HTTP tools' };
		const tools = sets.reduce((sum, entry) => sum + entry.config.set.tools.length, 0);
		return { state: 'ready', detail: `${sets.length} sets · ${tools} tools` };
	}

	ready(): Promise<void> {
		return this.list.ready;
	}
}

/**
 * Opens the HTTP tools of a page. `link` is the `tools` URL parameter: its documents are
 * offered, never added, until the user agrees.
 */
export async function openHttpTools(options: HttpToolListOptions, link?: string | null): Promise<HttpToolSource> {
	const list = new HttpToolList(options);
	if (!link) return new HttpToolSource(list);
	const { LinkToolsOffer } = await import('./link-tools.svelte');
	const offer = new LinkToolsOffer(list);
	offer.offer(link);
	return new HttpToolSource(list, offer);
}
