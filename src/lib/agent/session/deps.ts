/** What a conversation is given (`ConversationDeps`) and what it answers besides events. */
import type { KeyValueStore, ToolServer } from '$lib/shared';
import type { AgentEvent } from '../events';
import type { AgentLoopOptions } from '../loop/loop-types';
import type { LlmProvider } from '../providers/types';
import type { ToolRegistry } from '../tools/registry';
import type { ToolLayer, UiCallbacks } from '../types';

/**
 * The tools of a turn or of a direct call: the layers and their connections, and their
 * registry when the caller already built it (then it is used instead of rebuilding it).
 */
export interface ConversationTools {
	layers: ToolLayer[];
	servers: ToolServer[];
	registry?: ToolRegistry;
}

/** Where a conversation gets what it needs, resolved at the start of every turn. */
export interface ConversationDeps {
	/** The provider for this turn; throws AutoUiError (provider_*) when not configured. */
	provider(signal: AbortSignal): Promise<LlmProvider>;
	/** The layers and servers available for this turn (and their registry, when built). */
	tools(): ConversationTools;
	/** The canvas side of display calls (widgets and canvas actions). */
	ui: UiCallbacks;
	/** Extra loop options (policy, schema profile, flattening…) for this turn. */
	loopOptions?(): Partial<AgentLoopOptions>;
	/** Where history and events are saved; none keeps them in memory only. */
	store?: KeyValueStore;
	/** The key this conversation is saved under (default `chat.v1`); see `switchTo`. */
	storageKey?: string;
	/** A save failed (quota, storage gone): the page tells the user; nothing is silent. */
	onSaveError?(message: string): void;
	/** Called whenever events, busy state or history changed. */
	onChange(): void;
	/** Sees every event as it happens (for glue such as showing provider errors in Settings). */
	onEvent?(event: AgentEvent): void;
}

/** The result of re-running a tool call from the console. */
export interface RerunResult {
	result: string;
	isError: boolean;
	elapsedMs: number;
}
