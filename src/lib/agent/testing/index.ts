/** Test helpers for code that drives the agent loop: a scripted provider and an in-memory tool server. */
export { createMockProvider, lastToolResults, withoutReferenceNote } from './mock-provider';
export type { MockProvider, MockStep, MockTurn } from './mock-provider';
export { createMemoryToolServer, delay } from './memory-server';
export type { MemoryTool, MemoryToolServer, RecordedCall } from './memory-server';
export {
	autouiDiscoveryNames,
	displayServer,
	displayTools,
	dataServer,
	displayDeclarations,
	withDisplay,
	eagerRun,
	recordTurn,
	runOn
} from './fixtures';
