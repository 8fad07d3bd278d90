/**
 * Cancelling a running MCP task from anywhere in the page: the connection running a task
 * registers how to cancel it under its task id, and a task card's Cancel button asks for it by
 * that id. Framework-free; entries are removed when the task ends.
 */
const running = new Map<string, () => void>();

/** Registers `cancel` for `taskId`; returns the function that unregisters it. */
export function registerTaskCancel(taskId: string, cancel: () => void): () => void {
	running.set(taskId, cancel);
	return () => {
		if (running.get(taskId) === cancel) running.delete(taskId);
	};
}

/** Asks the server to cancel `taskId`; false when no running task has that id in this page. */
export function cancelTask(taskId: string): boolean {
	const cancel = running.get(taskId);
	if (!cancel) return false;
	cancel();
	return true;
}
