/**
 * The chat's public API: the transcript model derived from AgentEvents, error advice and
 * the Svelte chat view. Provider settings live in ./settings and export themselves.
 */
export { Transcript, deriveTranscript, doneLabel } from './transcript';
export type {
	TranscriptItem,
	UserItem,
	AssistantItem,
	ToolItem,
	ApprovalItem,
	ErrorItem,
	NoticeItem,
	DoneItem,
	ReasoningItem,
	InterruptItem,
	ToolStatus,
	Activity
} from './transcript';
export { adviceFor } from './error-advice';
export type { ErrorAdvice, AdviceAction } from './error-advice';
export { default as ChatView } from './ChatView.svelte';
export { isNearBottom, followScroll } from './scroll';
export type { ScrollFollower } from './scroll';
