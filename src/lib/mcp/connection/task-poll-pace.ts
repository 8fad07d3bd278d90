/**
 * The 2026-07-28 task wire polls through `@modelcontextprotocol/ext-tasks`, which floors a
 * server's suggested poll interval at 10 ms: a server suggesting 10 ms got 100 `tasks/get` a
 * second per task. This paces the raw path instead: `tasks/get` for one task goes out at most
 * every `taskLimits.minPollMs` (200 ms, as the 2025-11-25 wire clamps), whatever the server
 * suggests. Framework-free.
 */
import type { RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';
import { sleep } from '$lib/shared';
import { taskLimits } from './task-follow';

/** Tasks whose last poll is remembered (the oldest is forgotten past this). */
const remembered = 200;

/** `dispatch` with each task's `tasks/get` spaced at least `minMs` apart. */
export function pacedTaskPolls(
	dispatch: RawClientDispatch,
	minMs: number = taskLimits.minPollMs,
	now: () => number = Date.now
): RawClientDispatch {
	const lastPoll = new Map<string, number>();
	return async (request, options) => {
		const message = request as { method?: unknown; params?: { taskId?: unknown } };
		const taskId = message.method === 'tasks/get' ? message.params?.taskId : undefined;
		if (typeof taskId === 'string') {
			const wait = (lastPoll.get(taskId) ?? -Infinity) + minMs - now();
			if (wait > 0) await sleep(wait, options?.signal);
			lastPoll.delete(taskId);
			lastPoll.set(taskId, now());
			if (lastPoll.size > remembered) lastPoll.delete(lastPoll.keys().next().value as string);
		}
		return dispatch(request, options);
	};
}
