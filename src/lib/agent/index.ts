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
