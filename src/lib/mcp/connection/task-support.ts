/**
 * Which calls run as tasks: a few lines the connection reads on every call, apart from the
 * task machinery (`tasks.ts`), which loads with the first call that runs as a task.
 */
import type { Client } from '@modelcontextprotocol/client';

/** The Tasks extension's identifier (2026-07-28). */
export const tasksExtensionId = 'io.modelcontextprotocol/tasks';

/** Which tools run as tasks: `required` always, `optional` when the user prefers tasks. */
export function runsAsTask(taskSupport: unknown, preferTasks = false): boolean {
	return taskSupport === 'required' || (preferTasks && taskSupport === 'optional');
}

/**
 * True when the connection speaks 2026-07-28 and the server offers the Tasks extension
 * (`io.modelcontextprotocol/tasks`): there the server decides per call whether to run a
 * task, so every call goes through the task machinery, which takes either answer.
 */
export function offersModernTasks(client: Pick<Client, 'getProtocolEra' | 'getServerCapabilities'>): boolean {
	const extension = client.getServerCapabilities()?.extensions?.[tasksExtensionId];
	return client.getProtocolEra() === 'modern' && typeof extension === 'object' && extension !== null;
}
