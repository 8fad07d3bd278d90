/**
 * Which calls run as tasks: a few lines the connection reads on every call, apart from the
 * task machinery (`tasks.ts`), which loads with the first call that runs as a task.
 */
/** Which tools run as tasks: `required` always, `optional` when the user prefers tasks. */
export function runsAsTask(taskSupport: unknown, preferTasks = false): boolean {
	return taskSupport === 'required' || (preferTasks && taskSupport === 'optional');
}
