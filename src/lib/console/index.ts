/**
 * The AgentConsole's public API: entries, metrics, filters, trace export/import (pure
 * TypeScript, reading AgentEvents only) and the Svelte component.
 */
export { ConsoleLog, deriveEntries } from './entries';
export { entryKinds, entryStatuses } from './entry';
export type { ConsoleEntry, EntryKind, EntryStatus, CallRecord } from './entry';
export { formatDuration, preview, formatClock } from './format';
export { EventCursor } from './event-cursor';
export type { CursorStep } from './event-cursor';
export { sampleTurn, sampleSession } from './sample-events';
export { MetricsAccumulator, computeMetrics, percentile, formatTokens, formatUsd } from './metrics';
export type { ConsoleMetrics, ServerLatency } from './metrics';
export { findModel, estimateCost, pricesAsOf } from './models';
export type { ModelInfo, ModelPrice } from './models';
export { noFilter, isFilterActive, compileFilter, filterEntries, serversOf } from './filters';
export type { ConsoleFilter } from './filters';
export { redactDeep, redactText, isSecretKey, redacted } from './redact';
export { buildTrace, serializeTrace, parseTrace, traceFileName, checkEvent, traceFormat, traceVersion } from './trace';
export type { TraceFile, TraceSummary, TurnTiming, TraceOptions, TraceServer, TraceTool } from './trace';
export { buildWaterfall, turnIds, axisTicks } from './waterfall';
export type { WaterfallData, WaterfallBar, WaterfallBand } from './waterfall';
export { settleRerun } from './rerun';
export type { RerunOutcome, RerunState } from './rerun';
export { default as AgentConsole } from './AgentConsole.svelte';
/** The protocol log's pure code (`./protocol-log`: RequestMatcher, filterProtocol) loads on demand. */
export type { ProtocolEntry, ProtocolKind } from './protocol-log';
export { ProtocolLog } from './protocol-log.svelte';
/** The protocol log view loads on demand: import it from './components/ProtocolLogView.svelte'. */
export { default as ConsoleTabs } from './components/ConsoleTabs.svelte';
