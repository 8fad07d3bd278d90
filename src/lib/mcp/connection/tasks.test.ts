/**
 * Tool calls as tasks against server-everything's `simulate-research-query`
 * (`execution.taskSupport: required`): the caller gets the final report, every state change
 * is reported, an ambiguous query asks through the elicitation handler mid-task, and
 * cancelling ends the task as cancelled.
 */
import { describe, expect, it } from 'vitest';
import { startEverything } from '../../../../tests/fixtures/mcp/launchers';
import { runsAsTask } from './task-support';
import { callAsTask, callThenCancel, connectedForTests, taskAcrossPages } from './task-testing';

describe('tool calls as tasks', () => {
	const elicitations: string[] = [];
	const live = connectedForTests(
		() => startEverything({ mode: 'streamableHttp' }),
		(server) => ({
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
		})
	);

	it('decides which tools run as tasks', () => {
		expect(runsAsTask('required')).toBe(true);
		expect(runsAsTask('optional')).toBe(false);
		expect(runsAsTask('optional', true)).toBe(true);
		expect(runsAsTask('forbidden', true)).toBe(false);
		expect(live.connection.layer().tools.find((tool) => tool.name === 'simulate-research-query')).toBeDefined();
	});

	it('returns the final result and reports the stages', async () => {
		const { result, updates } = await callAsTask(live.connection, 'simulate-research-query', { topic: 'tides' });
		expect(result.isError).toBeFalsy();
		expect(JSON.stringify(result.content)).toContain('Research Report: tides');
		expect(updates[0].status).toBe('working');
		expect(updates.map((update) => update.message)).toContain('Gathering sources...');
		expect(updates.at(-1)?.status).toBe('completed');
	}, 30_000);

	it('asks through the elicitation handler when the query is ambiguous', async () => {
		const { result, updates } = await callAsTask(live.connection, 'simulate-research-query', {
			topic: 'python',
			ambiguous: true
		});
		expect(elicitations.some((message) => message.includes('python'))).toBe(true);
		expect(JSON.stringify(result.content)).toContain('Clarification');
		expect(updates.map((update) => update.status)).toContain('completed');
	}, 30_000);

	it('cancels a running task', async () => {
		const { call, updates } = callThenCancel(live.connection, 'simulate-research-query', { topic: 'stars' }, 300);
		await expect(call).rejects.toMatchObject({ code: 'aborted' });
		expect(updates.at(-1)?.status).toBe('cancelled');
	}, 30_000);

	it('picks a task up again from another page on the session it started in', async () => {
		const options = { name: 'Everything', url: live.server.url, protocol: 'legacy' as const };
		const task = await taskAcrossPages(options, 'simulate-research-query', { topic: 'tides' });
		expect(task.store.get(task.taskId, live.server.url)?.sessionId).toBe(task.sessionId);
		const { sessionId, result, updates } = await task.resumeOnAnotherPage();
		expect(sessionId).not.toBe(task.sessionId);
		expect(JSON.stringify(result.content)).toContain('Research Report: tides');
		expect(updates.at(-1)?.status).toBe('completed');
		expect(task.store.get(task.taskId, live.server.url)).toBeUndefined();
	}, 30_000);
});
