/**
 * The 2026-07-28 task wire accepted a 10 ms poll interval (the Tasks package floors a hint at
 * 10 ms) and a task that kept changing its message never timed out (each report restarts the
 * call's clock). Against the fixture's Tasks-extension server: a server suggesting 10 ms is
 * polled at most every 200 ms, as the 2025-11-25 wire clamps, and an endless task is cancelled
 * on the server once the whole wait passes its bound.
 */
import { describe, expect, it } from 'vitest';
import type { ToolTaskUpdate } from '$lib/shared';
import { memoryStorage } from '$lib/shared/testing';
import { startModernTasksServer } from '../../../../tests/fixtures/mcp/launchers';
import { connectedForTests } from './task-testing';
import { TaskResumeStore } from './task-resume';
import { pollIntervalOf, taskLimits } from './task-follow';

describe('task wait limits at 2026-07-28', () => {
	const live = connectedForTests(
		() => startModernTasksServer({ stageMs: 300, pollMs: 10 }),
		(server) => ({
			name: 'Tides',
			url: server.url,
			protocol: 'modern',
			taskStore: new TaskResumeStore(memoryStorage()),
			taskMaxWaitMs: 2_500
		})
	);

	it('a 10 ms poll interval was accepted: tasks/get now goes out at most every 200 ms', async () => {
		let taskId = '';
		const result = await live.connection.callTool(
			'forecast',
			{ place: 'Brest' },
			{ timeoutMs: 20_000, onTask: (update) => (taskId ||= update.taskId) }
		);
		expect(JSON.stringify(result.content)).toContain('Tide forecast for Brest');
		// When the server saw each tasks/get of this task.
		const log = await live.connection.callTool('poll_log', {});
		const polls = (JSON.parse((log.content[0] as { text: string }).text) as Record<string, number[]>)[taskId];
		// Three stages of 300 ms: about 5 polls at 200 ms (at 10 ms it was about 90).
		expect(polls.length).toBeGreaterThan(1);
		expect(polls.length).toBeLessThanOrEqual(8);
		const gaps = polls.slice(1).map((at, index) => at - polls[index]);
		expect(Math.min(...gaps)).toBeGreaterThanOrEqual(taskLimits.minPollMs - 15);
	}, 30_000);

	it('a task that keeps changing its message never timed out: the whole wait is bounded and the task cancelled', async () => {
		const updates: ToolTaskUpdate[] = [];
		const started = Date.now();
		const call = live.connection.callTool(
			'forecast',
			{ place: 'Oban', endless: true },
			{ timeoutMs: 1_000, onTask: (update) => updates.push(update) }
		);
		await expect(call).rejects.toMatchObject({
			code: 'timeout',
			message: expect.stringContaining('did not finish within 2500 ms')
		});
		expect(Date.now() - started).toBeLessThan(10_000);
		// It reported more often than its 1 s call timeout, so only the bound stopped it.
		expect(updates.filter((update) => update.message?.startsWith('Still forecasting')).length).toBeGreaterThan(3);
		expect(updates.at(-1)).toMatchObject({ status: 'cancelled' });
		const { taskId } = updates[0];
		const state = await live.connection.withClient((client) =>
			client.request({ method: 'tasks/get', params: { taskId } }, anyResult)
		);
		expect(state).toMatchObject({ taskId, status: 'cancelled' });
	}, 30_000);

	it('clamps suggested intervals into 200 ms … 5 s on both wires', () => {
		expect([pollIntervalOf(10), pollIntervalOf(undefined), pollIntervalOf(60_000), pollIntervalOf(Number.NaN)]).toEqual(
			[200, 1000, 5000, 1000]
		);
	});
});

const anyResult = {
	'~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) }
} as const;
