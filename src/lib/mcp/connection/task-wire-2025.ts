/**
 * The 2025-11-25 task wire (`execution.taskSupport`, SEP-1686) as a `TaskDriver`:
 *
 *   tools/call { task: { ttl } }  → CreateTaskResult { task: { taskId, status, pollInterval } }
 *   tasks/result { taskId }       → waits for the end; the server's requests for the task
 *                                   (elicitation) arrive on it, answered by the usual handlers
 *   tasks/get { taskId }          → polled meanwhile; each state is observed
 *   cancel                        → tasks/cancel
 *
 * A task started before a reload is picked up again by id (`resumeTaskOn`: `tasks/get`,
 * then the same wait). Framework-free.
 */
import type { Client } from '@modelcontextprotocol/client';
import { AutoUiError, sleep, type ToolTaskStatus } from '$lib/shared';
import { followTask, pollIntervalOf, type TaskCallOptions, type TaskDriver, type TaskState } from './task-follow';

/** Accepts any object: the task messages are checked here, not by the SDK's schemas. */
const anyResult = {
	'~standard': {
		version: 1,
		vendor: 'autoui',
		validate: (value: unknown) => ({ value: value as Record<string, unknown> })
	}
} as const;

const statuses: readonly ToolTaskStatus[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];
const terminal = new Set<ToolTaskStatus>(['completed', 'failed', 'cancelled']);

function taskOf(value: unknown): TaskState | undefined {
	const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
	const task = (record.task && typeof record.task === 'object' ? record.task : record) as Record<string, unknown>;
	if (typeof task.taskId !== 'string' || !statuses.includes(task.status as ToolTaskStatus)) return undefined;
	return {
		taskId: task.taskId,
		status: task.status as ToolTaskStatus,
		message: typeof task.statusMessage === 'string' ? task.statusMessage : undefined,
		ttl: typeof task.ttl === 'number' ? task.ttl : undefined,
		pollInterval: typeof task.pollInterval === 'number' ? task.pollInterval : undefined
	};
}

/**
 * Calls a tool as a task and returns the raw final result (what `tools/call` would have
 * returned). A server that answers with a plain result instead of a task is fine too.
 */
export async function callToolAsTask(
	client: Client,
	params: Record<string, unknown>,
	options: TaskCallOptions
): Promise<Record<string, unknown>> {
	const { signal, timeout } = options;
	const created = (await client.request(
		{ method: 'tools/call', params: { ...params, task: { ttl: options.ttlMs } } },
		anyResult,
		{ signal, timeout }
	)) as Record<string, unknown>;
	const first = taskOf(created);
	if (!first || !('task' in created)) return created;
	return followTask(legacyDriver(client, first, timeout), options);
}

/**
 * Waits for the task `taskId` the server already runs (started before a reload): its state
 * now (`tasks/get`), then the same wait as a fresh call. Throws when the server does not know it.
 */
export async function resumeTaskOn(
	client: Client,
	taskId: string,
	options: Omit<TaskCallOptions, 'ttlMs'>
): Promise<Record<string, unknown>> {
	const { signal, timeout } = options;
	const now = taskOf(await client.request({ method: 'tasks/get', params: { taskId } }, anyResult, { signal, timeout }));
	if (!now) throw new AutoUiError('mcp_protocol', `The server sent no state for task ${taskId}.`);
	return followTask(legacyDriver(client, now, timeout), options);
}

function legacyDriver(client: Client, first: TaskState, timeout: number): TaskDriver {
	const { taskId } = first;
	return {
		first,
		async run(observe, signal) {
			const result = client.request({ method: 'tasks/result', params: { taskId } }, anyResult, { signal, timeout });
			result.catch(() => undefined);
			let last = first;
			const seen = (state: TaskState) => {
				last = state;
				observe(state);
			};
			if (!terminal.has(first.status)) await pollUntilEnd(client, first, signal, seen, timeout);
			if (last.status === 'cancelled') return { status: 'cancelled' };
			if (signal.aborted) return { status: 'cancelled' };
			const final = (await result) as Record<string, unknown>;
			const done = taskOf(
				(final._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/related-task']
			);
			return { status: done?.status === 'failed' ? 'failed' : 'completed', result: final };
		},
		async cancel() {
			await client.request({ method: 'tasks/cancel', params: { taskId } }, anyResult, { timeout: 10_000 });
		}
	};
}

async function pollUntilEnd(
	client: Client,
	first: TaskState,
	signal: AbortSignal,
	observe: (state: TaskState) => void,
	timeout: number
): Promise<void> {
	const interval = pollIntervalOf(first.pollInterval);
	while (!signal.aborted) {
		await sleep(interval, signal).catch(() => undefined);
		if (signal.aborted) return;
		const task = taskOf(
			await client.request({ method: 'tasks/get', params: { taskId: first.taskId } }, anyResult, { signal, timeout })
		);
		if (!task) continue;
		observe(task);
		if (terminal.has(task.status)) return;
	}
}
