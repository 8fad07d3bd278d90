/**
 * The `local` provider: a GGUF model run in this browser (wllama in a worker). Loaded on
 * demand by providers/connection.ts and by the settings' local-model panel, so none of it
 * (nor the runtime, nor its .wasm file) is in the initial bundle.
 */
export { LocalProvider, listLocalModels } from './local-provider';
export { toCompletionBody, LOCAL_TEMPERATURE } from './convert-messages';
export { LocalModelEngine, LocalCompletionError, localModelEngine } from './engine';
export type { LocalModelState, ContextUse, CompletionResult, LocalEngine } from './engine';
export { mapLocalFinishReason } from './map-stop-reason';
export {
	formatBytes,
	memoryLimitBytes,
	problemMessage,
	readGgufHeader,
	templateFamily,
	classifyLoadFailure
} from './model-info';
export type { LocalModelInfo, LocalModelProblem, GgufHeader } from './model-info';
export { assessModel, templateKnowsTools, type ModelCapability } from './model-capability';
export type { CachedModel } from './model-cache';
export type { ModelSource, CompletionBody, LoadStage } from './wire-types';
