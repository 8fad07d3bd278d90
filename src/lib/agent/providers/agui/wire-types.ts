/**
 * The AG-UI wire types this folder uses, from the official `@ag-ui/core` package, so the
 * requests built here are checked against the protocol's own types.
 */
export type { Message as AguiMessage, RunAgentInput, Tool as AguiTool, ToolCall as AguiToolCall } from '@ag-ui/core';

/** An event as it arrives: parsed JSON whose shape is checked field by field before use. */
export type RawAguiEvent = Record<string, unknown> & { type?: unknown };
