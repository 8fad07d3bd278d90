import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from '$lib/mcp';
import { startEverything, type RunningServer } from '../../../tests/fixtures/mcp/launchers';
import type { AgentEvent } from '$lib/agent';
import { runDirectCall } from '$lib/agent/dispatch/direct-call';
import { runAgentLoop } from '$lib/agent/loop';
import { createMockProvider, lastToolResults } from '$lib/agent/testing';
import { createAgentState } from '$lib/agent/loop/state';
import { ServerRequests, relatedCall } from './server-requests.svelte';

async function until<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error('timed out waiting');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

const text = (result: { content: Array<{ type: string; text?: string }> }) =>
	result.content.map((part) => part.text ?? '').join('\n');

describe('answering server-everything’s requests', () => {
	let server: RunningServer;
	let connection: McpConnection;
	const sampled: unknown[] = [];
	const events: AgentEvent[] = [];
	const requests = new ServerRequests({
		sample: async (params) => {
			sampled.push(params);
			return { text: 'a model answer', model: 'test-model' };
		},
		onEvent: (event) => events.push(event),
		onRootsChanged: () => void connection.withClient((client) => client.sendRootsListChanged())
	});

	beforeAll(async () => {
		server = await startEverything({ mode: 'streamableHttp' });
		connection = new McpConnection({
			name: 'everything',
			url: server.url,
			handlers: requests.handlersFor('everything')
		});
		await connection.connect();
	}, 30_000);
	afterAll(async () => {
		await connection?.close();
		await server?.stop();
	});

	it('advertises sampling, elicitation and roots, so the server offers the tools that use them', () => {
		const names = connection.tools.map((tool) => tool.name);
		expect(names).toEqual(
			expect.arrayContaining(['trigger-sampling-request', 'trigger-elicitation-request', 'get-roots-list'])
		);
	});

	it('runs the model for a sampling request only after approval, and a denial reaches the server as an error', async () => {
		const denied = connection.callTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 20 });
		const first = await until(() => requests.pending[0]);
		expect(first).toMatchObject({ kind: 'sampling', server: 'everything' });
		expect(sampled).toHaveLength(0);
		requests.deny(first.id);
		const refusal = await denied.then(
			(result) => JSON.stringify(result),
			(error: Error) => error.message
		);
		expect(refusal).toMatch(/declined/i);

		const approved = connection.callTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 20 });
		const second = await until(() => requests.pending[0]);
		const draft = await requests.draft(second.id);
		requests.answerSampling(second.id, `${draft.text}, edited`, draft.model);
		expect(text(await approved)).toContain('a model answer, edited');
		expect(sampled).toHaveLength(1);
	});

	it('returns the user’s elicitation answer', async () => {
		const call = connection.callTool('trigger-elicitation-request', {});
		const request = await until(() => requests.pending[0]);
		expect(request.kind).toBe('elicitation');
		requests.answerElicitation(request.id, 'accept', { string: 'Ada', boolean: true, integer: 3 });
		const result = text(await call);
		expect(result).toContain('accept');
		expect(result).toContain('Ada');
	});

	it('holds a manual call’s timeout while the user answers, and records request and answer as events beside that call', async () => {
		events.length = 0;
		const caller = { callId: 'manual_1', turnId: 'manual:manual_1', origin: 'manual' as const };
		const call = connection.callTool(
			'trigger-sampling-request',
			{ prompt: 'Slow user', maxTokens: 20 },
			{ timeoutMs: 300, caller }
		);
		const request = await until(() => requests.pending[0]);
		expect(request).toMatchObject({ place: 'workbench', caller });
		// The user takes more than twice the call's timeout to answer.
		await new Promise((resolve) => setTimeout(resolve, 800));
		requests.answerSampling(request.id, 'answered slowly', 'user', 'typed');
		expect(text(await call)).toContain('answered slowly');
		const asked = events.find((event) => event.type === 'server-request');
		expect(asked).toMatchObject({
			turnId: 'manual:manual_1',
			callId: 'manual_1',
			origin: 'manual',
			method: 'sampling/createMessage',
			server: 'everything'
		});
		expect(JSON.stringify(asked)).toContain('Slow user');
		expect(events.find((event) => event.type === 'server-response')).toMatchObject({
			decision: 'typed',
			result: { content: { text: 'answered slowly' } }
		});
	});

	it('still times out a call that is slow on its own (nothing is waiting for the user)', async () => {
		await expect(
			connection.callTool('trigger-long-running-operation', { duration: 3, steps: 3 }, { timeoutMs: 300 })
		).rejects.toMatchObject({ code: 'timeout' });
	});

	it('holds the dispatcher’s timeout too: a call through the agent’s path with a 300 ms timeout succeeds after a slow answer', async () => {
		events.length = 0;
		const emitted: AgentEvent[] = [];
		const pending = runDirectCall(
			{ tool: 'everything_mcp_trigger-elicitation-request', args: {}, origin: 'manual', timeoutMs: 300 },
			{
				layers: [connection.layer()],
				servers: [connection],
				state: createAgentState(),
				emit: (event) => emitted.push(event)
			}
		);
		const request = await until(() => requests.pending[0]);
		const call = emitted.find((event) => event.type === 'tool-call');
		expect(request.caller).toMatchObject({
			origin: 'manual',
			callId: call && 'callId' in call ? call.callId : 'missing'
		});
		await new Promise((resolve) => setTimeout(resolve, 800));
		requests.answerElicitation(request.id, 'accept', { name: 'Ada' });
		const outcome = await pending;
		expect(outcome.ok, outcome.error).toBe(true);
		expect(JSON.stringify(outcome.result)).toContain('Ada');
		expect(events.find((event) => event.type === 'server-response')).toMatchObject({
			decision: 'accept',
			method: 'elicitation/create'
		});
	});

	it('holds the agent’s call too: the model’s call with a 300 ms timeout gets the answer the user gave after 800 ms, and the card belongs in the chat', async () => {
		events.length = 0;
		const provider = createMockProvider([
			{
				toolCalls: [
					{ name: 'everything_mcp_trigger-sampling-request', input: { prompt: 'From the agent', maxTokens: 20 } }
				]
			},
			{ text: 'done' }
		]);
		const turn = runAgentLoop('sample', {
			provider,
			layers: [connection.layer()],
			servers: [connection],
			state: createAgentState(),
			lazy: false,
			policy: { timeoutMs: 300 },
			turnId: 'turn-1'
		});
		const request = await until(() => requests.pending[0]);
		expect(request).toMatchObject({ place: 'chat', caller: { origin: 'model', turnId: 'turn-1' } });
		await new Promise((resolve) => setTimeout(resolve, 800));
		requests.answerSampling(request.id, 'the user took their time', 'user', 'typed');
		expect((await turn).reason).toBe('end_turn');
		expect(lastToolResults(provider.requests[1])[0].content).toContain('the user took their time');
		expect(events.find((event) => event.type === 'server-request')).toMatchObject({
			turnId: 'turn-1',
			origin: 'model'
		});
	});

	it('lists the roots the user gave the server', async () => {
		requests.setRoots('everything', [{ uri: 'file:///work/project', name: 'project' }]);
		// The server reads the list again after notifications/roots/list_changed.
		await until(async () =>
			text(await connection.callTool('get-roots-list', {})).includes('file:///work/project') ? true : undefined
		);
	});
});

describe('a server that floods or loops', () => {
	it('keeps at most the log limit of 10,000 messages and counts the rest', async () => {
		const requests = new ServerRequests({ logLimit: 1000 });
		const handlers = requests.handlersFor('noisy');
		for (let index = 0; index < 10_000; index++) handlers.onLogMessage!({ level: 'info', data: `message ${index}` });
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(requests.logs).toHaveLength(1000);
		expect(requests.logs.at(-1)?.data).toBe('message 9999');
		expect(requests.dropped).toBe(9000);
	});

	it('records a flood of 10,000 log messages as a few bounded console batches, counting what it leaves out', async () => {
		const events: AgentEvent[] = [];
		const requests = new ServerRequests({ onEvent: (event) => events.push(event) });
		const handlers = requests.handlersFor('noisy');
		const big = 'x'.repeat(5000);
		const started = Date.now();
		for (let index = 0; index < 10_000; index++)
			handlers.onLogMessage!({ level: index % 2 ? 'info' : 'error', logger: 'flood', data: { index, text: big } });
		const elapsed = Date.now() - started;
		await new Promise((resolve) => setTimeout(resolve, 1200));
		const batches = events.filter((event) => event.type === 'server-log');
		const recorded = batches.reduce((sum, event) => sum + event.messages.length, 0);
		const dropped = batches.reduce((sum, event) => sum + event.dropped, 0);
		expect(batches.length).toBeLessThan(10);
		// A burst of 500, then 50 a second while the flood lasted.
		expect(recorded).toBeLessThanOrEqual(500 + Math.ceil((elapsed / 1000) * 50) + 1);
		expect(recorded + dropped).toBe(10_000);
		expect(batches[0]).toMatchObject({
			server: 'noisy',
			turnId: 'server:noisy',
			messages: expect.arrayContaining([expect.objectContaining({ level: 'error', logger: 'flood' })])
		});
		// Large data is shortened before it becomes an event.
		expect(String(batches[0].messages[0].data).length).toBeLessThanOrEqual(2000);
	});

	it('names a request by the server’s current name, so a server renamed from its serverInfo shows under that name', async () => {
		const requests = new ServerRequests({});
		let name = 'local_3001';
		const handlers = requests.handlersFor(() => name);
		name = 'everything';
		const controller = new AbortController();
		const answer = handlers.elicit!(
			{ mode: 'form', message: 'Your name?', requestedSchema: { type: 'object', properties: {} } } as never,
			controller.signal,
			{} as never
		);
		await until(async () => (requests.pending.length ? true : undefined));
		expect(requests.pending[0].server).toBe('everything');
		controller.abort();
		await answer.catch(() => undefined);
	});

	it('places a request beside the call it came during, only when one origin is clear', () => {
		const call = (origin: 'model' | 'manual', callId: string) => ({
			tool: 't',
			caller: { callId, turnId: `turn-${callId}`, origin },
			hold: () => () => undefined
		});
		expect(relatedCall({ calls: [] })).toBeUndefined();
		expect(relatedCall({ calls: [call('model', 'a'), call('model', 'b')] })).toMatchObject({
			callId: 'b',
			origin: 'model'
		});
		expect(relatedCall({ calls: [call('model', 'a'), call('manual', 'b')] })).toBeUndefined();
		expect(relatedCall({ calls: [{ tool: 't', hold: () => () => undefined }] })).toBeUndefined();
	});

	it('shows a request no view claims in the dock after a moment; a claimed one stays where it is', async () => {
		const requests = new ServerRequests({ orphanAfterMs: 20 });
		const handlers = requests.handlersFor('s');
		const context = {
			calls: [
				{ tool: 't', caller: { callId: 'c', turnId: 't', origin: 'model' as const }, hold: () => () => undefined }
			]
		};
		void handlers.elicit!(
			{ message: 'a?', requestedSchema: { type: 'object', properties: {} } } as never,
			new AbortController().signal,
			context
		).catch(() => undefined);
		void handlers.elicit!(
			{ message: 'b?', requestedSchema: { type: 'object', properties: {} } } as never,
			new AbortController().signal,
			context
		).catch(() => undefined);
		void handlers.elicit!(
			{ message: 'c?', requestedSchema: { type: 'object', properties: {} } } as never,
			new AbortController().signal,
			{ calls: [] }
		).catch(() => undefined);
		const [first, second, third] = requests.pending;
		expect(first.place).toBe('chat');
		expect(third.place).toBe('dock');
		expect(requests.unplaced.map((request) => request.id)).toEqual([third.id]);
		const release = requests.claim(first.id);
		await new Promise((resolve) => setTimeout(resolve, 60));
		expect(requests.unplaced.map((request) => request.id)).toEqual([second.id, third.id]);
		release();
		expect(requests.unplaced.map((request) => request.id)).toEqual([first.id, second.id, third.id]);
	});

	it('refuses sampling requests beyond the waiting limit without running the model', async () => {
		let runs = 0;
		const requests = new ServerRequests({
			pendingLimit: 2,
			sample: async () => ({ text: String(++runs), model: 'm' })
		});
		const handlers = requests.handlersFor('loop');
		const signal = new AbortController().signal;
		const params = {
			messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'again' } }],
			maxTokens: 10
		};
		void handlers.createMessage!(params, signal, { calls: [] }).catch(() => undefined);
		void handlers.createMessage!(params, signal, { calls: [] }).catch(() => undefined);
		await expect(handlers.createMessage!(params, signal, { calls: [] })).rejects.toThrow(/still waiting/);
		expect(requests.pending).toHaveLength(2);
		expect(runs).toBe(0);
	});

	it('drops a request the server cancelled', async () => {
		const requests = new ServerRequests();
		const controller = new AbortController();
		const answer = requests.handlersFor('s').elicit!(
			{ message: 'Name?', requestedSchema: { type: 'object', properties: {} } } as never,
			controller.signal,
			{ calls: [] }
		);
		expect(requests.pending).toHaveLength(1);
		controller.abort();
		await expect(answer).rejects.toThrow(/cancelled/);
		expect(requests.pending).toHaveLength(0);
	});
});
