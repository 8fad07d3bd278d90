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
	/** The longest a task is waited for in all, however often it reports (default {@link taskLimits}). */
	maxWaitMs?: number;
}

/**
 * Bounds of a task's wait, on both revisions: a server's suggested poll interval is clamped to
 * `minPollMs`…`maxPollMs`, and a task is waited for at most `maxWaitMs` in all (each report
 * restarts the call's own clock, so a task that keeps changing its message would otherwise
 * never time out; the same 10 minutes bound a call that keeps reporting progress).
 */
export const taskLimits = { minPollMs: 200, maxPollMs: 5000, maxWaitMs: 600_000 } as const;

/** Options of the wait itself. */
export type FollowOptions = Omit<TaskCallOptions, 'ttlMs' | 'timeout'>;

/** A server's suggested poll interval within {@link taskLimits} (1 s when it suggests none). */
export function pollIntervalOf(suggested: number | undefined): number {
	const ms = typeof suggested === 'number' && Number.isFinite(suggested) ? suggested : 1000;
	return Math.min(Math.max(ms, taskLimits.minPollMs), taskLimits.maxPollMs);
}

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
	const maxWaitMs = options.maxWaitMs ?? taskLimits.maxWaitMs;
	const expired = new AbortController();
	const expiry = setTimeout(() => expired.abort(), maxWaitMs);
	const ended = AbortSignal.any([cancelled.signal, expired.signal]);
	try {
		const end = await untilAborted(driver.run(observe, AbortSignal.any([signal, stop.signal, ended])), ended, {
			status: 'cancelled'
		} as const);
		if (end.status === 'cancelled' && expired.signal.aborted && !cancelled.signal.aborted) {
			await driver.cancel().catch(() => undefined);
			const within = maxWaitMs >= 60_000 ? `${Math.round(maxWaitMs / 60_000)} minutes` : `${maxWaitMs} ms`;
			report({ taskId, status: 'cancelled', message: `Stopped: not finished within ${within}` });
			throw new AutoUiError(
				'timeout',
				`The task ${taskId} did not finish within ${within} (however often it reported); it was cancelled on the server. Try narrower arguments, or run it again.`
			);
		}
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
		clearTimeout(expiry);
		stop.abort();
		unregister();
		signal.removeEventListener('abort', cancel);
	}
}
