/**
 * Tool calls as tasks against server-everything's `simulate-research-query`
 * (`execution.taskSupport: required`): the caller gets the final report, every state change
 * is reported, an ambiguous query asks through the elicitation handler mid-task, and
 * cancelling ends the task as cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelTask, type ToolTaskUpdate } from '$lib/shared';
import { memoryStorage } from '$lib/shared/testing';
import { startEverything, type RunningServer } from '../../../../tests/fixtures/mcp/launchers';
import { McpConnection } from './connection';
import { runsAsTask } from './task-support';
import { TaskResumeStore } from './task-resume';

describe('tool calls as tasks', () => {
	let server: RunningServer;
	let connection: McpConnection;
	const elicitations: string[] = [];
	beforeAll(async () => {
		server = await startEverything({ mode: 'streamableHttp' });
		connection = new McpConnection({
			name: 'Everything',
			url: server.url,
			protocol: 'legacy',
			handlers: {
				elicit: async (params) => {
					elicitations.push(String((params as { message?: string }).message));
					const schema = (
						params as unknown as {
							requestedSchema: { properties: { interpretation: { oneOf: Array<{ const: string }> } } };
						}
					).requestedSchema;
					return { action: 'accept', content: { interpretation: schema.properties.interpretation.oneOf[0].const } };
				}
			}
		});
		await connection.connect();
	}, 30_000);
	afterAll(async () => {
		await connection?.close();
		await server?.stop();
	});

	it('decides which tools run as tasks', () => {
		expect(runsAsTask('required')).toBe(true);
		expect(runsAsTask('optional')).toBe(false);
		expect(runsAsTask('optional', true)).toBe(true);
		expect(runsAsTask('forbidden', true)).toBe(false);
		expect(connection.layer().tools.find((tool) => tool.name === 'simulate-research-query')).toBeDefined();
	});

	it('returns the final result and reports the stages', async () => {
		const updates: ToolTaskUpdate[] = [];
		const result = await connection.callTool(
			'simulate-research-query',
			{ topic: 'tides' },
			{ onTask: (update) => updates.push(update), timeoutMs: 20_000 }
		);
		expect(result.isError).toBeFalsy();
		expect(JSON.stringify(result.content)).toContain('Research Report: tides');
		expect(updates[0].status).toBe('working');
		expect(updates.map((update) => update.message)).toContain('Gathering sources...');
		expect(updates.at(-1)?.status).toBe('completed');
	}, 30_000);

	it('asks through the elicitation handler when the query is ambiguous', async () => {
		const updates: ToolTaskUpdate[] = [];
		const result = await connection.callTool(
			'simulate-research-query',
			{ topic: 'python', ambiguous: true },
			{ onTask: (update) => updates.push(update), timeoutMs: 20_000 }
		);
		expect(elicitations.some((message) => message.includes('python'))).toBe(true);
		expect(JSON.stringify(result.content)).toContain('Clarification');
		expect(updates.map((update) => update.status)).toContain('completed');
	}, 30_000);

	it('cancels a running task', async () => {
		const updates: ToolTaskUpdate[] = [];
		const call = connection.callTool(
			'simulate-research-query',
			{ topic: 'stars' },
			{
				timeoutMs: 20_000,
				onTask: (update) => {
					updates.push(update);
					if (updates.length === 1) setTimeout(() => cancelTask(update.taskId), 300);
				}
			}
		);
		await expect(call).rejects.toMatchObject({ code: 'aborted' });
		expect(updates.at(-1)?.status).toBe('cancelled');
	}, 30_000);

	it('picks a task up again from another page on the session it started in', async () => {
		const store = new TaskResumeStore(memoryStorage());
		const options = { name: 'Everything', url: server.url, protocol: 'legacy' as const, taskStore: store };
		const before = new McpConnection(options);
		await before.connect();
		let taskId = '';
		const running = before.callTool(
			'simulate-research-query',
			{ topic: 'tides' },
			{ timeoutMs: 20_000, onTask: (update) => (taskId ||= update.taskId) }
		);
		await expect.poll(() => taskId).not.toBe('');
		expect(store.get(taskId, server.url)?.sessionId).toBe(before.sessionId);

		const after = new McpConnection(options);
		await after.connect();
		expect(after.sessionId).not.toBe(before.sessionId);
		const updates: ToolTaskUpdate[] = [];
		const result = await after.resumeTask(taskId, { onTask: (update) => updates.push(update) });
		expect(JSON.stringify(result.content)).toContain('Research Report: tides');
		expect(updates.at(-1)?.status).toBe('completed');
		expect(store.get(taskId, server.url)).toBeUndefined();
		await running;
		await Promise.all([before.close(), after.close()]);
	}, 30_000);
});
