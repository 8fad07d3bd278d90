/**
 * Replay: record once, replay anywhere. Sessions from the app's exports, the diffs, the ignore
 * rules, the ordered replay, the CI report and the mock server — shared by the Replay panel,
 * `npm run replay` and `npm run mock-server`. The panel and the mock export load on demand.
 */
export { readSession, recordedTools, toSessionFile, sessionFormat } from './session.js';
export type { Session, SessionCall, SessionServer } from './session.js';
export { compareCall, diffJson, diffTools } from './diff.js';
export { compileRules, isIgnored, parseRuleLines, pointerSegments, toPointer } from './pointer.js';
export { replaySession, isReadOnly, UnreachableError } from './runner.js';
export type { ReplayRow, ReplayTarget, ServerToolsDiff } from './runner.js';
export { buildReport, exitCode, reportLines, noteLines } from './report.js';
/** "Export as mock server" (the runtime's text is in it): load when used. */
export const loadMockExport = () => import('./mock-export');
