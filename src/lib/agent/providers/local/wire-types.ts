/**
 * The messages between the page and the local-model worker (local-model.worker.ts), which
 * owns the runtime (wllama, llama.cpp compiled to WebAssembly), the loaded model and the
 * cache of model files. Requests carry an id; every answer names the request it belongs to.
 */
import type { JsonSchema } from '../constrained/envelope';
import type { PromptMessage } from '../constrained/fit-prompt';
import type { CachedModel } from './model-cache';
import type { LocalModelInfo, LocalModelProblem } from './model-info';

/** Where a model comes from. */
export type ModelSource =
	{ kind: 'file'; file: File } | { kind: 'url'; url: string } | { kind: 'cached'; name: string };

/** One completion: the compact prompt and the envelope schema (null: free text). */
export interface CompletionBody {
	messages: PromptMessage[];
	schema: JsonSchema | null;
	maxTokens: number;
	temperature: number;
	seed?: number;
}

/** Page → worker. */
export type WorkerRequest =
	| { type: 'load'; id: number; source: ModelSource; maxContextTokens?: number; deviceMemoryGb?: number }
	| { type: 'complete'; id: number; body: CompletionBody }
	| { type: 'abort'; id: number }
	| { type: 'cache-list'; id: number }
	| { type: 'cache-remove'; id: number; name: string };

/** Loading stages, in order. */
export type LoadStage = 'downloading' | 'reading' | 'caching' | 'starting';

/** Why a completion failed. */
export type CompletionProblem = 'context_overflow' | 'grammar' | 'aborted' | 'no_model' | 'inference';

/** Worker → page. */
export type WorkerResponse =
	| { type: 'progress'; id: number; stage: LoadStage; loaded: number; total: number }
	| { type: 'loaded'; id: number; info: LocalModelInfo; cached: boolean }
	| { type: 'delta'; id: number; text: string }
	| {
			type: 'done';
			id: number;
			finishReason: string | null;
			promptTokens: number;
			outputTokens: number;
			tokensPerSecond: number | null;
	  }
	| { type: 'cache'; id: number; entries: CachedModel[]; kind: string | null }
	| {
			type: 'failed';
			id: number;
			problem: LocalModelProblem | CompletionProblem;
			message: string;
			promptTokens?: number;
			contextTokens?: number;
	  };
