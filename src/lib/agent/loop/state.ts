/**
 * Session-scoped agent state: everything that must survive from one user turn to the next
 * of the same conversation — the result buffer behind recall(id), activated servers and
 * exposed tools, the alias map, the loop detector, "always allow" approvals and counters.
 * Created per conversation with `createAgentState()`; two conversations share nothing.
 */
import { Validator } from '@cfworker/json-schema';

/** One full tool result kept for recall. */
export interface StoredResult {
	text: string;
	/** Prefixed tool name that produced it. */
	name: string;
	/** Length of the result before it was capped for storage. */
	size: number;
	/** A successful data call (not discovery, display or an error): widgets may reference it. */
	data?: boolean;
	/**
	 * What `text` stands for (structuredContent, else the parsed text), kept beside it so a
	 * `{"$ref"}` never parses the text again. In memory only: a saved conversation keeps the
	 * text, and the value is parsed once when first referenced.
	 */
	value?: unknown;
}

/** A bounded, insertion-ordered map of full results (oldest evicted first). */
export interface ResultBuffer {
	get(id: string): StoredResult | undefined;
	set(id: string, result: StoredResult): void;
	has(id: string): boolean;
	ids(): string[];
	readonly size: number;
}

/** Creates a result buffer holding at most `maxEntries` results and `maxChars` characters. */
export function createResultBuffer(maxEntries = 500, maxChars = 20_000_000): ResultBuffer {
	const entries = new Map<string, StoredResult>();
	let chars = 0;
	return {
		get: (id) => entries.get(id),
		has: (id) => entries.has(id),
		ids: () => [...entries.keys()],
		get size() {
			return entries.size;
		},
		set(id, result) {
			const previous = entries.get(id);
			if (previous) {
				chars -= previous.text.length;
				entries.delete(id);
			}
			entries.set(id, result);
			chars += result.text.length;
			for (const [oldest, stored] of entries) {
				if (entries.size <= maxEntries && chars <= maxChars) break;
				if (oldest === id) break;
				entries.delete(oldest);
				chars -= stored.text.length;
			}
		}
	};
}

/** State shared by the turns of one conversation. */
export interface AgentState {
	/** Full results by tool_use id, for recall across turns. */
	results: ResultBuffer;
	/** Global iteration number (across turns) each result was produced in, for compression. */
	resultIterations: Map<string, number>;
	/** Activated server keys, in activation order. Activation happens once per session. */
	activeServers: Set<string>;
	/** Prefixed names made callable by list_tools / search_tools answers, in order. */
	exposedTools: Set<string>;
	/** Canonical recipe names → real names, refreshed from the layers each turn. */
	aliasMap: Map<string, string>;
	/** Loop detector: `name + arguments` → number of calls in the session. */
	callCounts: Map<string, number>;
	/** Prefixed names the user chose to always allow. */
	alwaysAllow: Set<string>;
	/** Tool calls made in the session. */
	totalCalls: number;
	/** Provider requests made in the session (the global iteration counter). */
	iteration: number;
	/** Tools whose schema patches were already reported. */
	reportedSchemas: Set<string>;
	/** Argument validators by schema object (compiled once, no eval). */
	validators: WeakMap<object, Validator | null>;
}

/** Creates a fresh, empty state for one conversation. */
export function createAgentState(options: { maxBufferedResults?: number; maxBufferedChars?: number } = {}): AgentState {
	return {
		results: createResultBuffer(options.maxBufferedResults, options.maxBufferedChars),
		resultIterations: new Map(),
		activeServers: new Set(),
		exposedTools: new Set(),
		aliasMap: new Map(),
		callCounts: new Map(),
		alwaysAllow: new Set(),
		totalCalls: 0,
		iteration: 0,
		reportedSchemas: new Set(),
		validators: new WeakMap()
	};
}
