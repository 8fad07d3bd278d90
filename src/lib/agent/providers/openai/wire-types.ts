/**
 * The OpenAI Chat Completions shapes this folder reads and writes, taken from the official
 * SDK's types (type-only imports: nothing here reaches the bundle).
 */
import type OpenAI from 'openai';

/** The streamed request body we send to POST {baseUrl}/chat/completions. */
export type OpenAiRequestBody = OpenAI.Chat.ChatCompletionCreateParamsStreaming;
/** One message of the conversation on the wire. */
export type OpenAiMessage = OpenAI.Chat.ChatCompletionMessageParam;
/** An assistant message, possibly with tool calls. */
export type OpenAiAssistantMessage = OpenAI.Chat.ChatCompletionAssistantMessageParam;
/** A function tool definition. */
export type OpenAiTool = OpenAI.Chat.ChatCompletionFunctionTool;
/** One streamed chunk. */
export type OpenAiChunk = OpenAI.Chat.ChatCompletionChunk;
/** The SDK client. */
export type OpenAiClient = OpenAI;
