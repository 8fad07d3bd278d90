/**
 * The Anthropic Messages API shapes this folder reads and writes, taken from the official
 * SDK's types (type-only imports: nothing here reaches the bundle).
 */
import type Anthropic from '@anthropic-ai/sdk';

/** The streamed request body we send to POST /v1/messages. */
export type AnthropicRequestBody = Anthropic.MessageCreateParamsStreaming;
/** One message of the conversation on the wire. */
export type AnthropicMessage = Anthropic.MessageParam;
/** A content block of a message we send. */
export type AnthropicContentBlock = Anthropic.ContentBlockParam;
/** A tool definition (custom tool). */
export type AnthropicTool = Anthropic.Tool;
/** A system prompt block (text, optionally with a cache breakpoint). */
export type AnthropicSystemBlock = Anthropic.TextBlockParam;
/** One server-sent event of a streamed answer. */
export type AnthropicStreamEvent = Anthropic.RawMessageStreamEvent;
/** Why the model stopped, as Anthropic says it. */
export type AnthropicStopReason = Anthropic.StopReason;
