/**
 * Tool calls the server runs as tasks, at both protocol revisions. One wait serves both;
 * each revision's wire is a `TaskDriver`:
 *
 *   2025-11-25 (`task-wire-2025.ts`)  tools/call { task: { ttl } } → CreateTaskResult, then
 *                                     tasks/result (the server's requests for the task arrive
 *                                     on it) while tasks/get is polled
 *   2026-07-28 (`task-wire-2026.ts`)  the Tasks extension through `@modelcontextprotocol/ext-tasks`:
 *                                     tools/call → `resultType: "task"`, tasks/get polled (the
 *                                     result arrives in it), input through tasks/update
 *
 *   followTask   report the first state → drive to the end, reporting each change
 *                abort / Cancel → the driver's cancel, then the call ends as cancelled
 *
 * The caller gets the tool's final result, never the task stub. Framework-free.
 */
export { runsAsTask, offersModernTasks } from './task-support';
export { followTask, type TaskCallOptions, type TaskDriver, type TaskEnd, type TaskState } from './task-follow';
export { callToolAsTask, resumeTaskOn } from './task-wire-2025';
export { callToolAsModernTask, resumeModernTask, type ModernTaskContext } from './task-wire-2026';
