/**
 * The browser's Prompt API (`LanguageModel`, Chrome's built-in model), as far as this
 * folder uses it. Declared here because TypeScript's DOM types do not have it yet.
 */

/** Whether the model can be used, must be downloaded first, or not at all. */
export type ModelAvailability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

/** One prompt message. */
export interface PromptApiMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

/** A session: one conversation with the model. */
export interface PromptApiSession {
	/** Tokens the session's input may hold. */
	readonly inputQuota: number;
	/** Tokens its input holds now. */
	readonly inputUsage: number;
	promptStreaming(
		input: string | PromptApiMessage[],
		options?: { signal?: AbortSignal; responseConstraint?: unknown }
	): ReadableStream<string>;
	measureInputUsage?(input: string | PromptApiMessage[], options?: { responseConstraint?: unknown }): Promise<number>;
	destroy(): void;
}

/** The `LanguageModel` global. */
export interface PromptApi {
	availability(options?: unknown): Promise<ModelAvailability>;
	create(options?: {
		initialPrompts?: PromptApiMessage[];
		signal?: AbortSignal;
		monitor?: (monitor: EventTarget) => void;
		expectedInputs?: Array<{ type: 'text'; languages?: string[] }>;
		expectedOutputs?: Array<{ type: 'text'; languages?: string[] }>;
	}): Promise<PromptApiSession>;
}

/** The browser's `LanguageModel`, or null where it has none. */
export function promptApi(scope: unknown = globalThis): PromptApi | null {
	const api = (scope as { LanguageModel?: PromptApi }).LanguageModel;
	return api && typeof api.create === 'function' && typeof api.availability === 'function' ? api : null;
}
