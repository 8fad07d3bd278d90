/**
 * Tool calls as tasks at protocol revision 2026-07-28 (the Tasks extension) against our
 * fixture's `forecast`: the caller gets the final result, every stage is reported, a task
 * that asks for input goes through the elicitation handler, cancelling ends it as
 * cancelled, and another page picks a running task up again by its id.
 */
import { describe, expect, it } from 'vitest';
import type { ToolTaskUpdate } from '$lib/shared';
import { memoryStorage } from '$lib/shared/testing';
import { startModernTasksServer } from '../../../../tests/fixtures/mcp/launchers';
import { TaskResumeStore } from './task-resume';
import { callAsTask, callThenCancel, connectedForTests, taskAcrossPages } from './task-testing';

describe('tool calls as tasks at 2026-07-28', () => {
	const elicitations: string[] = [];
	let units = 'imperial';
	const live = connectedForTests(
		() => startModernTasksServer({ stageMs: 300 }),
		(server) => ({
			name: 'Tides',
			url: server.url,
			protocol: 'modern',
			taskStore: new TaskResumeStore(memoryStorage()),
			handlers: {
				elicit: async (params) => {
					elicitations.push(String((params as { message?: string }).message));
					return { action: 'accept', content: { units } };
				}
			}
		})
	);

	it('speaks 2026-07-28 and lists the task tool without execution (the server decides)', () => {
		expect(live.connection.protocolVersion).toBe('2026-07-28');
		expect(live.connection.serverCapabilities?.extensions?.['io.modelcontextprotocol/tasks']).toEqual({});
		expect(live.connection.tools.map((tool) => tool.name)).toContain('forecast');
	});

	it('returns the final result and reports each stage', async () => {
		const { result, updates } = await callAsTask(live.connection, 'forecast', { place: 'Brest' });
		expect(result.isError).toBeFalsy();
		expect(JSON.stringify(result.content)).toContain('Tide forecast for Brest');
		expect(result.structuredContent).toMatchObject({ place: 'Brest', units: 'metric' });
		expect(updates[0].status).toBe('working');
		expect(new Set(updates.map((update) => update.taskId)).size).toBe(1);
		const messages = updates.map((update) => update.message);
		expect(messages).toContain('Running the tide model…');
		expect(updates.at(-1)).toMatchObject({ status: 'completed', message: 'Forecast ready' });
		expect(updates.find((update) => update.ttlMs)?.ttlMs).toBe(600_000);
	}, 30_000);

	it('asks through the elicitation handler while the task waits for input', async () => {
		const updates: ToolTaskUpdate[] = [];
		units = 'imperial';
		const result = await live.connection.callTool(
			'forecast',
			{ place: 'Cork', ask: true },
			{ onTask: (update) => updates.push(update), timeoutMs: 20_000 }
		);
		expect(elicitations.at(-1)).toBe('Which units should the Cork forecast use?');
		expect(updates.map((update) => update.status)).toContain('input_required');
		expect(JSON.stringify(result.content)).toContain('4.6 ft (imperial)');
		expect(updates.at(-1)?.status).toBe('completed');
	}, 30_000);

	it('cancels a running task', async () => {
		const { call, updates } = callThenCancel(live.connection, 'forecast', { place: 'Oban' }, 200);
		await expect(call).rejects.toMatchObject({ code: 'aborted' });
		expect(updates.at(-1)?.status).toBe('cancelled');
		const { taskId } = updates[0];
		// The server was told: its task ended as cancelled, not completed.
		const state = await live.connection.withClient((client) =>
			client.request({ method: 'tasks/get', params: { taskId } }, anyResult)
		);
		expect(state).toMatchObject({ taskId, status: 'cancelled' });
	}, 30_000);

	it('picks a running task up again from another page by its id', async () => {
		const options = { name: 'Tides', url: live.server.url, protocol: 'modern' as const };
		const task = await taskAcrossPages(options, 'forecast', { place: 'Sligo' });
		expect(task.store.get(task.taskId, live.server.url)?.protocolVersion).toBe('2026-07-28');
		const { result, updates } = await task.resumeOnAnotherPage();
		expect(JSON.stringify(result.content)).toContain('Tide forecast for Sligo');
		expect(updates.at(-1)?.status).toBe('completed');
		expect(task.store.get(task.taskId, live.server.url)).toBeUndefined();
	}, 30_000);

	it('turns an unknown task into a clear error', async () => {
		await expect(live.connection.resumeTask('no-such-task')).rejects.toThrow(/Unknown task no-such-task/);
	}, 30_000);
});

const anyResult = {
	'~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) }
} as const;
