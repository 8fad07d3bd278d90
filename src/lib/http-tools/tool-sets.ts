/**
 * HTTP tool sets as the user keeps them: the parsed set, the base URL chosen among the
 * document's servers, enabled or not. Sets are saved on this device (IndexedDB, they can be
 * large); secrets are kept apart (`secrets.ts`) and never enter a set, an export or a link.
 */
import { isPlainObject, randomId, toolPrefix } from '$lib/shared';
import type { HttpToolSet } from './descriptor';

/** One configured set of HTTP tools. */
export interface HttpToolSetConfig {
	id: string;
	/** Unique among the sets: the server part of the tools' names (`{name}_http_{tool}`). */
	name: string;
	kind: 'openapi' | 'descriptor';
	/** The document's URL or file name, shown in the panel. */
	source?: string;
	set: HttpToolSet;
	/** The base URL in use (one of `set.servers`, or the set's `base_url`). */
	baseUrl?: string;
	/**
	 * Name of an API in the app's relay config ("apis"): requests then go through
	 * `/api/relay-http/<name>/…` on this app's server, for APIs that do not allow calls from the
	 * browser (CORS). Relative tool URLs only.
	 */
	relay?: string;
	enabled: boolean;
}

/** Key of the saved sets in the key-value store. */
export const toolSetsKey = 'http-tools.v1';

/** Lower case, non-alphanumerics to `_`, at most 24 characters. */
export function setName(name: string): string {
	return toolPrefix(name).replace(/_+$/, '') || 'api';
}

/** `name` made unique among `taken` with _2, _3, … */
export function uniqueSetName(name: string, taken: Iterable<string>): string {
	const used = new Set(taken);
	const base = setName(name);
	if (!used.has(base)) return base;
	for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A new config for a parsed set. */
export function createSetConfig(
	set: HttpToolSet & { kind: 'openapi' | 'descriptor' },
	options: { name?: string; source?: string; baseUrl?: string },
	taken: Iterable<string>
): HttpToolSetConfig {
	const { kind, ...parsed } = set;
	const baseUrl = options.baseUrl ?? parsed.base_url ?? parsed.servers?.[0];
	return {
		id: randomId('http_', 8),
		name: uniqueSetName(options.name?.trim() || parsed.name, taken),
		kind,
		...(options.source ? { source: options.source } : {}),
		set: parsed,
		...(baseUrl ? { baseUrl } : {}),
		enabled: true
	};
}

/** The saved sets; unreadable entries are skipped. */
export function readSavedSets(value: unknown): HttpToolSetConfig[] {
	const list = isPlainObject(value) && Array.isArray(value.sets) ? value.sets : [];
	return list.filter(
		(item): item is HttpToolSetConfig =>
			isPlainObject(item) &&
			typeof item.id === 'string' &&
			typeof item.name === 'string' &&
			isPlainObject(item.set) &&
			Array.isArray((item.set as { tools?: unknown }).tools)
	);
}
