/**
 * The AgentConsole's public API: entries, metrics, filters, trace export/import (pure
 * TypeScript, reading AgentEvents only) and the Svelte component.
 */
export { ConsoleLog, deriveEntries, entryKinds, entryStatuses, formatDuration, preview } from './entries';
export type { ConsoleEntry, EntryKind, EntryStatus, CallRecord } from './entries';
export { EventCursor } from './event-cursor';
export type { CursorStep } from './event-cursor';
export { sampleTurn, sampleSession } from './sample-events';
