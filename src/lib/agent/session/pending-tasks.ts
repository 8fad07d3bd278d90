/**
 * The task calls a restored conversation's events leave running: read on every restore, apart
 * from the code that resumes them (`task-resume.ts`, loaded only when there is one).
 */
import type { AgentEvent, TaskStatusEvent, ToolCallEvent } from '../events';

/** A task call the saved events leave running. */
export interface PendingTask {
	taskId: string;
	status: TaskStatusEvent['status'];
	/** The call as the model (or the user) made it. */
	call: ToolCallEvent;
}

/** The task calls `events` leave running, oldest first. */
export function pendingTasks(events: readonly AgentEvent[]): PendingTask[] {
	const calls = new Map<string, ToolCallEvent>();
	const latest = new Map<string, TaskStatusEvent>();
	const ended = new Set<string>();
	for (const event of events) {
		if (event.type === 'tool-call') calls.set(event.callId, event);
		else if (event.type === 'task-status') latest.set(event.callId, event);
		else if (event.type === 'tool-result' || event.type === 'tool-error') ended.add(event.callId);
	}
	const pending: PendingTask[] = [];
	for (const event of latest.values()) {
		const call = calls.get(event.callId);
		const running = event.status === 'working' || event.status === 'input_required';
		if (call?.server && running && !ended.has(event.callId))
			pending.push({ taskId: event.taskId, status: event.status, call });
	}
	return pending;
}
