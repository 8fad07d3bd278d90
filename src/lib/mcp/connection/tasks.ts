/**
 * Tool calls the server runs as tasks (2025-11-25 `execution.taskSupport`):
 *
 *   tools/call { task: { ttl } }  → CreateTaskResult { task: { taskId, status, pollInterval } }
 *   tasks/result { taskId }       → waits for the end; the server's requests for the task
 *                                   (elicitation) arrive on it, answered by the usual handlers
 *   tasks/get { taskId }          → polled meanwhile; each state change is reported
 *   abort / Cancel                → tasks/cancel, then the call ends as cancelled
 *
 * The caller gets the tool's final result, never the task stub. A task started before a
 * reload is picked up again by id (`resumeTaskOn`: `tasks/get`, then the same wait).
 * Framework-free.
 */
import type { Client } from '@modelcontextprotocol/client';
import { AutoUiError, registerTaskCancel, sleep, type ToolTaskStatus, type ToolTaskUpdate } from '$lib/shared';

export { runsAsTask } from './task-support';

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

function taskOf(
	value: unknown
): { taskId: string; status: ToolTaskStatus; message?: string; ttl?: number; pollInterval?: number } | undefined {
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

/** Options of one task-augmented call. */
export interface TaskCallOptions {
	/** The call's deadline, asked for as the task's time to live. */
	ttlMs: number;
	/** Aborting cancels the task on the server. */
	signal: AbortSignal;
	onTask?: (update: ToolTaskUpdate) => void;
	/** Each report of the server's (restarts the caller's progress clock). */
	onActivity?: () => void;
	/** The SDK's per-request timeout for the waits (the caller's deadline times the call). */
	timeout: number;
}

/**
 * Calls `name` as a task and returns the raw final result (what `tools/call` would have
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
	return awaitTask(client, first, options);
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
	return awaitTask(client, now, options);
}

async function awaitTask(
	client: Client,
	first: NonNullable<ReturnType<typeof taskOf>>,
	options: Omit<TaskCallOptions, 'ttlMs'>
): Promise<Record<string, unknown>> {
	const { signal, timeout } = options;
	const { taskId } = first;
	let last: ToolTaskUpdate = { taskId, status: first.status, message: first.message, ttlMs: first.ttl };
	const report = (update: ToolTaskUpdate) => {
		if (update.status === last.status && update.message === last.message && update !== last) return;
		last = update;
		options.onActivity?.();
		options.onTask?.(update);
	};
	options.onTask?.(last);
	const stop = new AbortController();
	const cancelled = new AbortController();
	const cancel = () => cancelled.abort();
	const unregister = registerTaskCancel(taskId, cancel);
	signal.addEventListener('abort', cancel, { once: true });
	const waits = AbortSignal.any([signal, stop.signal]);
	try {
		const result = client.request({ method: 'tasks/result', params: { taskId } }, anyResult, {
			signal: waits,
			timeout
		});
		result.catch(() => undefined);
		const ended = terminal.has(first.status)
			? Promise.resolve()
			: pollUntilEnd(client, taskId, first.pollInterval, waits, cancelled.signal, report, timeout);
		const outcome = await Promise.race([ended.then(() => 'polled' as const), cancelledPromise(cancelled.signal)]);
		if (outcome === 'cancelled' || last.status === 'cancelled') {
			await client
				.request({ method: 'tasks/cancel', params: { taskId } }, anyResult, { timeout: 10_000 })
				.catch(() => undefined);
			report({
				taskId,
				status: 'cancelled',
				message: last.status === 'cancelled' ? last.message : 'Cancelled by the user'
			});
			throw new AutoUiError('aborted', `The task ${taskId} was cancelled.`);
		}
		const final = (await result) as Record<string, unknown>;
		const done = taskOf((final._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/related-task']);
		if (last.status !== 'completed' && last.status !== 'failed')
			report({ taskId, status: done?.status ?? 'completed', message: last.message });
		return final;
	} catch (error) {
		if (!terminal.has(last.status))
			report({
				taskId,
				status: signal.aborted || cancelled.signal.aborted ? 'cancelled' : 'failed',
				message: last.message
			});
		throw error;
	} finally {
		stop.abort();
		unregister();
		signal.removeEventListener('abort', cancel);
	}
}

function cancelledPromise(signal: AbortSignal): Promise<'cancelled'> {
	return new Promise((resolve) => {
		if (signal.aborted) resolve('cancelled');
		else signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
	});
}

async function pollUntilEnd(
	client: Client,
	taskId: string,
	pollInterval: number | undefined,
	signal: AbortSignal,
	cancelled: AbortSignal,
	report: (update: ToolTaskUpdate) => void,
	timeout: number
): Promise<void> {
	const interval = Math.min(Math.max(pollInterval ?? 1000, 200), 5000);
	while (!signal.aborted && !cancelled.aborted) {
		await sleep(interval, signal).catch(() => undefined);
		if (signal.aborted || cancelled.aborted) return;
		const task = taskOf(
			await client.request({ method: 'tasks/get', params: { taskId } }, anyResult, { signal, timeout })
		);
		if (!task) continue;
		report({ taskId, status: task.status, message: task.message, ttlMs: task.ttl });
		if (terminal.has(task.status)) return;
	}
}
