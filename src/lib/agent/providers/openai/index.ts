/**
 * OpenAI-compatible wire format. Loaded on demand by providers/index.ts (it pulls in the
 * SDK), so it stays out of the initial bundle.
 */
export { OpenAiProvider, listOpenAiModels } from './openai-provider';
export { toOpenAiBody, toOpenAiMessages, toOpenAiTools } from './convert-messages';
export type { OpenAiBodyOptions } from './convert-messages';
export { mapOpenAiFinishReason } from './map-stop-reason';
export { OpenAiStreamAssembler } from './assemble-stream';
export { isOfficialOpenAi } from './client';
