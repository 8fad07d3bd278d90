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
	LlmProvider,
	SurfaceStatus
} from './providers/types';
export type { CanvasActionResult, DisplayCapability, WidgetCallMeta, UiCallbacks } from './types';

export { sanitizeServerName, TOOL_NAME_PATTERN, MAX_TOOL_NAME_LENGTH } from './tools/names';
export { buildToolRegistry, resolveToolName, BUILTIN_RECALL } from './tools/registry';
export type { ToolRegistry, RegistryEntry, ServerEntry, ResolvedName, PseudoTool } from './tools/registry';
export { resolveCanonicalTools, CANONICAL_ROLES } from './tools/canonical';
export type { CanonicalRole, CanonicalMatch, CanonicalTools, CanonicalVia } from './tools/canonical';
export { normalizeSchema } from './tools/schema-normalize';
export type { SchemaProfile, NormalizedSchema } from './tools/schema-normalize';
export { flattenSchema, unflattenArgs, FLATTEN_SEPARATOR } from './tools/flatten';
export type { FlattenedSchema } from './tools/flatten';
export { buildToolsFromLayers, buildDiscoveryTools, activateServerTools } from './tools/catalog';
export type { BuildToolsOptions } from './tools/catalog';
export type { SchemaOptions } from './tools/tool-adapter';
export { buildSystemPrompt } from './loop/prompt';
export type { SystemPrompt } from './loop/prompt';
export { unwrapToolResult, fitResult, DEFAULT_RESULT_LIMIT } from './dispatch/results';
export type { FittedResult } from './dispatch/results';
export { applyUiResult } from './dispatch/ui-results';
export type { AppliedUiResult } from './dispatch/ui-results';
export { DEFAULT_POLICY, resolvePolicy, approvalReason, isBlocked } from './policy';
export type { ToolPolicy, ApprovalMode, ApprovalRequest, ApprovalHandler, ToolChoice } from './policy';
export { toolChoiceFor } from './policy';
/** One user turn: the loop, its options and results, and the session state it keeps. */
export * from './loop';
export { repairHistory, appendUserInput } from './session/history';
export type { CallOrigin, DirectCallOutcome, DirectCallRequest } from './dispatch/direct-call';
