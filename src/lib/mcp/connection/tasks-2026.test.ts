/**
 * Tool calls as tasks at protocol revision 2026-07-28 (the Tasks extension) against our
 * fixture's `forecast`: the caller gets the final result, every stage is reported, a task
 * that asks for input goes through the elicitation handler, cancelling ends it as
 * cancelled, and another page picks a running task up again by its id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelTask, type ToolTaskUpdate } from '$lib/shared';
import { memoryStorage } from '$lib/shared/testing';
import { startModernTasksServer, type RunningServer } from '../../../../tests/fixtures/mcp/launchers';
import { McpConnection } from './connection';
import { TaskResumeStore } from './task-resume';

describe('tool calls as tasks at 2026-07-28', () => {
	let server: RunningServer;
	let connection: McpConnection;
	const elicitations: string[] = [];
	let units = 'imperial';
	beforeAll(async () => {
		server = await startModernTasksServer({ stageMs: 300 });
		connection = new McpConnection({
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
		});
		await connection.connect();
	}, 30_000);
	afterAll(async () => {
		await connection?.close();
		await server?.stop();
	});

	it('speaks 2026-07-28 and lists the task tool without execution (the server decides)', () => {
		expect(connection.protocolVersion).toBe('2026-07-28');
		expect(connection.serverCapabilities?.extensions?.['io.modelcontextprotocol/tasks']).toEqual({});
		expect(connection.tools.map((tool) => tool.name)).toContain('forecast');
	});

	it('returns the final result and reports each stage', async () => {
		const updates: ToolTaskUpdate[] = [];
		const result = await connection.callTool(
			'forecast',
			{ place: 'Brest' },
			{ onTask: (update) => updates.push(update), timeoutMs: 20_000 }
		);
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
		const result = await connection.callTool(
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
		const updates: ToolTaskUpdate[] = [];
		const call = connection.callTool(
			'forecast',
			{ place: 'Oban' },
			{
				timeoutMs: 20_000,
				onTask: (update) => {
					updates.push(update);
					if (updates.length === 1) setTimeout(() => cancelTask(update.taskId), 200);
				}
			}
		);
		await expect(call).rejects.toMatchObject({ code: 'aborted' });
		expect(updates.at(-1)?.status).toBe('cancelled');
		const { taskId } = updates[0];
		// The server was told: its task ended as cancelled, not completed.
		const state = await connection.withClient((client) =>
			client.request({ method: 'tasks/get', params: { taskId } }, anyResult)
		);
		expect(state).toMatchObject({ taskId, status: 'cancelled' });
	}, 30_000);

	it('picks a running task up again from another page by its id', async () => {
		const store = new TaskResumeStore(memoryStorage());
		const options = { name: 'Tides', url: server.url, protocol: 'modern' as const, taskStore: store };
		const before = new McpConnection(options);
		await before.connect();
		let taskId = '';
		const running = before.callTool(
			'forecast',
			{ place: 'Sligo' },
			{ timeoutMs: 20_000, onTask: (update) => (taskId ||= update.taskId) }
		);
		await expect.poll(() => taskId).not.toBe('');
		expect(store.get(taskId, server.url)?.protocolVersion).toBe('2026-07-28');

		const after = new McpConnection(options);
		await after.connect();
		const updates: ToolTaskUpdate[] = [];
		const result = await after.resumeTask(taskId, { onTask: (update) => updates.push(update) });
		expect(JSON.stringify(result.content)).toContain('Tide forecast for Sligo');
		expect(updates.at(-1)?.status).toBe('completed');
		expect(store.get(taskId, server.url)).toBeUndefined();
		await running;
		await Promise.all([before.close(), after.close()]);
	}, 30_000);

	it('turns an unknown task into a clear error', async () => {
		await expect(connection.resumeTask('no-such-task')).rejects.toThrow(/Unknown task no-such-task/);
	}, 30_000);
});

const anyResult = {
	'~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) }
} as const;
