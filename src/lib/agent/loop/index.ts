/** One user turn: `runAgentLoop`, its options and results, and the session state it keeps. */
export { runAgentLoop, DEFAULT_MAX_ITERATIONS } from './loop';
export type {
	AgentLoopOptions,
	AgentLoopResult,
	AgentCallbacks,
	ToolCallMetrics,
	IterationMetrics
} from './loop-types';
export { createAgentState, createResultBuffer } from './state';
export type { AgentState, ResultBuffer, StoredResult } from './state';
