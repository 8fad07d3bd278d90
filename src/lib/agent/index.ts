/**
 * The agent's public API: tool layers, prompt and tool building, lazy discovery, the
 * dispatcher and the loop. Framework-free TypeScript; the UI uses `session.svelte.ts`.
 */
export type {
	McpToolDef,
	WebMcpToolDef,
	McpRecipe,
	McpLayer,
	WebMcpLayer,
	HttpLayer,
	ToolLayer,
	ProviderTool,
	TextBlock,
	ToolUseBlock,
	ToolResultBlock,
	UserMessage,
	AssistantMessage,
	ChatMessage,
	Usage,
	StopReason
} from './types';
export type * from './events';
export type {
	ProviderId,
	ProviderRequest,
	ProviderEvent,
	ProviderTurn,
	StreamOptions,
	LlmProvider
} from './providers/types';
export type { CanvasActionResult, WidgetCallMeta, UiCallbacks } from './types';

export { sanitizeServerName, TOOL_NAME_PATTERN, MAX_TOOL_NAME_LENGTH } from './names';
export { buildToolRegistry, resolveToolName, BUILTIN_RECALL } from './registry';
export type { ToolRegistry, RegistryEntry, ServerEntry, ResolvedName, PseudoTool } from './registry';
export { resolveCanonicalTools, CANONICAL_ROLES } from './canonical';
export type { CanonicalRole, CanonicalMatch, CanonicalTools, CanonicalVia } from './canonical';
export { normalizeSchema } from './schema-normalize';
export type { SchemaProfile, NormalizedSchema } from './schema-normalize';
export { flattenSchema, unflattenArgs, FLATTEN_SEPARATOR } from './flatten';
export type { FlattenedSchema } from './flatten';
export { buildToolsFromLayers, buildDiscoveryTools, activateServerTools, DISPLAY_TOOLS } from './tools';
export type { BuildToolsOptions } from './tools';
export type { SchemaOptions } from './tool-adapter';
export { buildSystemPrompt } from './prompt';
export type { SystemPrompt } from './prompt';
export { unwrapToolResult, fitResult, DEFAULT_RESULT_LIMIT } from './results';
export type { FittedResult } from './results';
export { applyUiResult, UI_TOOLS } from './ui-results';
export type { AppliedUiResult } from './ui-results';
export { DEFAULT_POLICY, resolvePolicy, approvalReason, isBlocked } from './policy';
export type { ToolPolicy, ApprovalMode, ApprovalRequest, ApprovalHandler, ToolChoice } from './policy';
export { toolChoiceFor } from './policy';
export { createAgentState, createResultBuffer } from './state';
export type { AgentState, ResultBuffer, StoredResult } from './state';
export { repairHistory, appendUserInput } from './history';
export { runAgentLoop, DEFAULT_MAX_ITERATIONS } from './loop';
export type { AgentLoopOptions, AgentLoopResult, AgentCallbacks, ToolCallMetrics, IterationMetrics } from './loop-types';
export type { CallOrigin, DirectCallOutcome, DirectCallRequest } from './direct-call';
