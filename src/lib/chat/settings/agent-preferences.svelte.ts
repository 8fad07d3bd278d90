/**
 * How the agent behaves, as the user chose on this device: which tool calls wait for
 * approval, whether tools load lazily (discovery first) or all up front, and whether nested
 * parameters are flattened for small local models. Saved in localStorage; a malformed saved
 * value falls back to the defaults.
 */
import type { ApprovalMode, ToolChoice } from '$lib/agent';

/** The choices, as plain data. */
export interface AgentPreferenceValues {
	/** `destructive`: ask before tools annotated destructive; `cautious`: before any tool not annotated read-only. */
	approval: Extract<ApprovalMode, 'destructive' | 'cautious'>;
	/** Start each conversation with discovery tools only, activating servers on first use. */
	lazyTools: boolean;
	/** Flatten nested object parameters (`center.lat` → `center__lat`) for small models. */
	flattenParams: boolean;
	/** Whether the model must, may or must not call tools (`required` applies to a turn's first request). */
	toolChoice: ToolChoice;
}

const storageKey = 'autoui.agent.v1';

/** The defaults: approval for destructive tools, lazy discovery, no flattening. */
export const defaultAgentPreferences: Readonly<AgentPreferenceValues> = Object.freeze({
	approval: 'destructive',
	lazyTools: true,
	flattenParams: false,
	toolChoice: 'auto'
});

/** Reads saved preferences; anything missing or malformed takes its default. */
export function parseAgentPreferences(raw: string | null): AgentPreferenceValues {
	let saved: Record<string, unknown> | null;
	try {
		saved = JSON.parse(raw ?? 'null');
	} catch {
		saved = null;
	}
	const values = { ...defaultAgentPreferences };
	if (!saved || typeof saved !== 'object') return values;
	if (saved.approval === 'destructive' || saved.approval === 'cautious') values.approval = saved.approval;
	if (typeof saved.lazyTools === 'boolean') values.lazyTools = saved.lazyTools;
	if (typeof saved.flattenParams === 'boolean') values.flattenParams = saved.flattenParams;
	if (saved.toolChoice === 'auto' || saved.toolChoice === 'required' || saved.toolChoice === 'none')
		values.toolChoice = saved.toolChoice;
	return values;
}

/** Reactive agent preferences. */
export class AgentPreferences {
	#values = $state.raw<AgentPreferenceValues>({ ...defaultAgentPreferences });
	#storage: Storage | null;

	constructor(storage: Storage | null = globalThis.localStorage ?? null) {
		this.#storage = storage;
		try {
			this.#values = parseAgentPreferences(storage?.getItem(storageKey) ?? null);
		} catch {
			this.#values = { ...defaultAgentPreferences };
		}
	}

	get values(): AgentPreferenceValues {
		return this.#values;
	}

	/** Applies a change and saves it on this device. */
	save(change: Partial<AgentPreferenceValues>): void {
		this.#values = parseAgentPreferences(JSON.stringify({ ...this.#values, ...change }));
		try {
			this.#storage?.setItem(storageKey, JSON.stringify(this.#values));
		} catch {
			// Storage full or disabled: the choice still applies for this visit.
		}
	}
}
