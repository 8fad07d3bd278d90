/**
 * Console filters: by entry kind, server and status, plus a text search over each entry's
 * searchable text (kind, server, tool, summary, arguments, results, streamed text). All
 * words of the search must match, case-insensitively. Empty selections mean "any".
 */
import type { ConsoleEntry, EntryKind, EntryStatus } from './entries';

/** What the filter bar selected. */
export interface ConsoleFilter {
	kinds: readonly EntryKind[];
	servers: readonly string[];
	statuses: readonly EntryStatus[];
	search: string;
}

/** A filter that lets every entry through. */
export const noFilter: ConsoleFilter = Object.freeze({ kinds: [], servers: [], statuses: [], search: '' });

/** True when the filter hides anything. */
export function isFilterActive(filter: ConsoleFilter): boolean {
	return (
		filter.kinds.length > 0 || filter.servers.length > 0 || filter.statuses.length > 0 || filter.search.trim() !== ''
	);
}

/** Builds a predicate for `filter` (sets and lower-cased words prepared once). */
export function compileFilter(filter: ConsoleFilter): (entry: ConsoleEntry) => boolean {
	const kinds = filter.kinds.length ? new Set(filter.kinds) : null;
	const servers = filter.servers.length ? new Set(filter.servers) : null;
	const statuses = filter.statuses.length ? new Set(filter.statuses) : null;
	const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
	return (entry) => {
		if (kinds && !kinds.has(entry.kind)) return false;
		if (servers && !(entry.server !== undefined && servers.has(entry.server))) return false;
		if (statuses && !statuses.has(entry.status)) return false;
		for (const word of words) if (!entry.haystack.includes(word)) return false;
		return true;
	};
}

/**
 * The entries that pass `filter`, skipping those created before `fromId` (the console's
 * local "clear": the session keeps them).
 */
export function filterEntries(entries: readonly ConsoleEntry[], filter: ConsoleFilter, fromId = 0): ConsoleEntry[] {
	const start = Math.max(0, Math.min(fromId, entries.length));
	if (!isFilterActive(filter)) return entries.slice(start);
	const test = compileFilter(filter);
	const out: ConsoleEntry[] = [];
	for (let i = start; i < entries.length; i++) if (test(entries[i])) out.push(entries[i]);
	return out;
}

/** The servers that appear in `entries`, sorted, for the server filter. */
export function serversOf(entries: readonly ConsoleEntry[]): string[] {
	const servers = new Set<string>();
	for (const entry of entries) if (entry.server) servers.add(entry.server);
	return [...servers].sort();
}
