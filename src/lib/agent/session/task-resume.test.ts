/**
 * A task call still running when the page goes away: the next page finds it in the saved
 * events, waits for it on its server, records its end on the original call, and the model's
 * next request carries its result as the answer to its own call.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKeyValueStore, type ToolServer, type ToolTaskUpdate } from '$lib/shared';
import { Conversation, type ConversationDeps } from './conversation';
import { pendingTasks } from './pending-tasks';
import { createMockProvider, type MockStep } from '../testing';
import type { McpLayer } from '../types';

const definition = {
	name: 'research',
	description: 'Researches a topic (runs as a task)',
	inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
	execution: { taskSupport: 'required' as const }
};
const layer: McpLayer = { protocol: 'mcp', serverName: 'lab', tools: [definition] };

/** A server whose task never ends in this page (the page "goes away" first). */
function startingServer(): ToolServer {
	return {
		name: 'lab',
		protocol: 'mcp',
		listTools: async () => [definition],
		callTool: (_name, _args, options) =>
			new Promise((_resolve, reject) => {
				options?.onTask?.({ taskId: 'task-7', status: 'working', message: 'Gathering sources...' });
				options?.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
			})
	};
}

/** The same server seen from the next page: the task goes on and ends with its report. */
function resumingServer(asked: string[]): ToolServer {
	return {
		...startingServer(),
		resumeTask: async (taskId, options) => {
			asked.push(taskId);
			const updates: ToolTaskUpdate[] = [
				{ taskId, status: 'working', message: 'Generating report...' },
				{ taskId, status: 'completed', message: 'Generating report...' }
			];
			for (const update of updates) options?.onTask?.(update);
			return { content: [{ type: 'text', text: 'Research Report: tides follow the moon.' }] };
		}
	};
}

function conversation(server: ToolServer, script: MockStep[], store: ConversationDeps['store']) {
	const provider = createMockProvider(script);
	const instance = new Conversation({
		provider: async () => provider,
		tools: () => ({ layers: [layer], servers: [server] }),
		ui: {},
		loopOptions: () => ({ lazy: false }),
		onChange: () => undefined,
		store
	});
	return { conversation: instance, provider };
}

async function until(check: () => boolean): Promise<void> {
	for (let waited = 0; !check(); waited += 10) {
		if (waited > 5_000) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

describe('tasks across a reload', () => {
	it('resumes the task, records its end on the call and gives the model its result', async () => {
		const store = openKeyValueStore({ dbName: `test-${Math.random()}` });
		const first = conversation(
			startingServer(),
			[{ text: 'Researching.', toolCalls: [{ id: 'call-1', name: 'lab_mcp_research', input: { topic: 'tides' } }] }],
			store
		);
		void first.conversation.send('Research tides.');
		await until(() => first.conversation.events.some((event) => event.type === 'task-status'));
		await first.conversation.flush();
		expect(pendingTasks(first.conversation.events)).toMatchObject([{ taskId: 'task-7', call: { callId: 'call-1' } }]);

		const asked: string[] = [];
		const second = conversation(
			resumingServer(asked),
			[
				(request) => ({
					text: JSON.stringify(request.messages).includes('Research Report: tides') ? 'The report arrived.' : 'Nothing.'
				})
			],
			store
		);
		expect(await second.conversation.restore()).toBeNull();
		await until(() => second.conversation.events.some((event) => event.type === 'done'));
		first.conversation.stop();

		expect(asked).toEqual(['task-7']);
		const events = second.conversation.events;
		const statuses = events.flatMap((event) => (event.type === 'task-status' ? [event.status] : []));
		expect(statuses).toEqual(['working', 'working', 'completed']);
		expect(events.find((event) => event.type === 'tool-result')).toMatchObject({
			callId: 'call-1',
			server: 'lab',
			result: 'Research Report: tides follow the moon.'
		});
		expect(pendingTasks(events)).toEqual([]);
		// The model's next request answers its own call with the report, after the user's words.
		const messages = second.provider.requests[0].messages;
		expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
		expect(messages[1].content).toMatchObject([{ type: 'tool_use', id: 'call-1', input: { topic: 'tides' } }]);
		expect(messages[2].content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'call-1' });
		expect(second.conversation.history.at(-1)).toMatchObject({
			role: 'assistant',
			content: [{ type: 'text', text: 'The report arrived.' }]
		});
	});
});
