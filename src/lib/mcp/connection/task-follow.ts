/**
 * The wait for a task, shared by both protocol revisions (`tasks.ts` names the wires): the
 * first state is reported, the revision's `TaskDriver` follows the task to its end and each
 * change of state or message is reported once; Cancel or an abort cancels it on the server.
 * Framework-free.
 */
import { AutoUiError, registerTaskCancel, untilAborted, type ToolTaskStatus, type ToolTaskUpdate } from '$lib/shared';

/** One observed state of a task, whichever revision reported it. */
export interface TaskState {
	taskId: string;
	status: ToolTaskStatus;
	message?: string;
	ttl?: number;
	pollInterval?: number;
}

/** How a task ended, as its driver saw it. */
export type TaskEnd = { status: 'completed' | 'failed'; result: Record<string, unknown> } | { status: 'cancelled' };

/** One revision's wire for a task that exists on the server. */
export interface TaskDriver {
	/** The state the server created (or, after a reload, last kept) the task in. */
	first: TaskState;
	/** Follows the task to its end, handing each observed state to `observe`; rejects on a protocol failure. */
	run(observe: (state: TaskState) => void, signal: AbortSignal): Promise<TaskEnd>;
	/** Asks the server to cancel the task (best effort). */
	cancel(): Promise<void>;
}

/** Options of one task-augmented call. */
export interface TaskCallOptions {
	/** The call's deadline, asked for as the task's time to live (2025-11-25; on 2026-07-28 the server sets it). */
	ttlMs: number;
	/** Aborting cancels the task on the server. */
	signal: AbortSignal;
	onTask?: (update: ToolTaskUpdate) => void;
	/** Each report of the server's (restarts the caller's progress clock). */
	onActivity?: () => void;
	/** The SDK's per-request timeout for the waits (the caller's deadline times the call). */
	timeout: number;
}

/** Options of the wait itself. */
export type FollowOptions = Omit<TaskCallOptions, 'ttlMs' | 'timeout'>;

const terminal = new Set<ToolTaskStatus>(['completed', 'failed', 'cancelled']);

/**
 * Waits for the task behind `driver` and returns the raw final result (what `tools/call`
 * would have returned). Reports every change of state or message once; Cancel (the task
 * card, `registerTaskCancel`) or an abort cancels the task and throws `aborted`.
 */
export async function followTask(driver: TaskDriver, options: FollowOptions): Promise<Record<string, unknown>> {
	const { signal } = options;
	const { taskId } = driver.first;
	let last: ToolTaskUpdate = {
		taskId,
		status: driver.first.status,
		message: driver.first.message,
		ttlMs: driver.first.ttl
	};
	const report = (update: ToolTaskUpdate) => {
		if (update.status === last.status && update.message === last.message) return;
		last = update;
		options.onActivity?.();
		options.onTask?.(update);
	};
	const observe = (state: TaskState) =>
		report({ taskId, status: state.status, message: state.message, ttlMs: state.ttl });
	options.onTask?.(last);
	const stop = new AbortController();
	const cancelled = new AbortController();
	const cancel = () => cancelled.abort();
	const unregister = registerTaskCancel(taskId, cancel);
	signal.addEventListener('abort', cancel, { once: true });
	try {
		const end = await untilAborted(
			driver.run(observe, AbortSignal.any([signal, stop.signal, cancelled.signal])),
			cancelled.signal,
			{ status: 'cancelled' } as const
		);
		if (end.status === 'cancelled') {
			if (cancelled.signal.aborted) await driver.cancel().catch(() => undefined);
			report({
				taskId,
				status: 'cancelled',
				message: last.status === 'cancelled' ? last.message : 'Cancelled by the user'
			});
			throw new AutoUiError('aborted', `The task ${taskId} was cancelled.`);
		}
		if (last.status !== end.status) report({ taskId, status: end.status, message: last.message });
		return end.result;
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
