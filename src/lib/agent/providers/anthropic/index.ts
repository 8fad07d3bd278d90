/**
 * Anthropic wire format. Loaded on demand by providers/index.ts (it pulls in the SDK), so
 * it stays out of the initial bundle.
 */
export { AnthropicProvider, listAnthropicModels } from './anthropic-provider';
export { toAnthropicBody, toAnthropicMessages, toAnthropicTools, defaultMaxTokens } from './convert-messages';
export { mapAnthropicStopReason } from './map-stop-reason';
export { AnthropicStreamAssembler } from './assemble-stream';
