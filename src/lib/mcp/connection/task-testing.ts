/** For the task tests of both protocol revisions. */
/**
 * Calls a task tool and presses Cancel (as the task card does) `afterMs`
 * after the first state change, keeping every update.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningServer } from '../../../../tests/fixtures/mcp/launchers';
import { cancelTask, type ToolTaskUpdate } from '$lib/shared';
import { memoryStorage } from '$lib/shared/testing';
import { McpConnection, type McpConnectionOptions } from './connection';
import { TaskResumeStore } from './task-resume';

export function callThenCancel(
	connection: McpConnection,
	tool: string,
	args: Record<string, unknown>,
	afterMs: number
): { call: Promise<unknown>; updates: ToolTaskUpdate[] } {
	const updates: ToolTaskUpdate[] = [];
	const call = connection.callTool(tool, args, {
		timeoutMs: 20_000,
		onTask: (update) => {
			updates.push(update);
			if (updates.length === 1) setTimeout(() => cancelTask(update.taskId), afterMs);
		}
	});
	return { call, updates };
}

/**
 * Starts `tool` as a task on one page's connection and, once it has its id, offers to open a
 * second page's connection (same options, same task store: a reload) that picks it up; each
 * page's session id is kept for the checks.
 */
export async function taskAcrossPages(
	options: Omit<McpConnectionOptions, 'taskStore'>,
	tool: string,
	args: Record<string, unknown>
) {
	const store = new TaskResumeStore(memoryStorage());
	const before = new McpConnection({ ...options, taskStore: store });
	await before.connect();
	let taskId = '';
	const running = before.callTool(tool, args, { timeoutMs: 20_000, onTask: (update) => (taskId ||= update.taskId) });
	await expect.poll(() => taskId).not.toBe('');
	const resumeOnAnotherPage = async () => {
		const after = new McpConnection({ ...options, taskStore: store });
		await after.connect();
		const sessionId = after.sessionId;
		const updates: ToolTaskUpdate[] = [];
		const result = await after.resumeTask(taskId, { onTask: (update) => updates.push(update) });
		await running;
		await Promise.all([before.close(), after.close()]);
		return { sessionId, result, updates };
	};
	return { store, sessionId: before.sessionId, taskId, resumeOnAnotherPage };
}

/** Calls a task tool to its end, keeping every state change. */
export async function callAsTask(connection: McpConnection, tool: string, args: Record<string, unknown>) {
	const updates: ToolTaskUpdate[] = [];
	const result = await connection.callTool(tool, args, { onTask: (update) => updates.push(update), timeoutMs: 20_000 });
	return { result, updates };
}

/**
 * Starts a server and connects to it before the tests of the enclosing `describe`, stopping
 * both after them; the returned object holds them once connected.
 */
export function connectedForTests(
	start: () => Promise<RunningServer>,
	options: (server: RunningServer) => McpConnectionOptions
): { server: RunningServer; connection: McpConnection } {
	const live = {} as { server: RunningServer; connection: McpConnection };
	beforeAll(async () => {
		live.server = await start();
		live.connection = new McpConnection(options(live.server));
		await live.connection.connect();
	}, 30_000);
	afterAll(async () => {
		await live.connection?.close();
		await live.server?.stop();
	});
	return live;
}
