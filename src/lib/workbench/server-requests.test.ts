import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from '$lib/mcp';
import { startEverything, type RunningServer } from '../../../tests/fixtures/mcp/launchers';
import { ServerRequests } from './server-requests.svelte';

async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = read();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error('timed out waiting');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

const text = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((part) => part.text ?? '').join('\n');

describe('answering server-everything’s requests', () => {
	let server: RunningServer;
	let connection: McpConnection;
	const sampled: unknown[] = [];
	const requests = new ServerRequests({
		sample: async (params) => {
			sampled.push(params);
			return { text: 'a model answer', model: 'test-model' };
		}
	});

	beforeAll(async () => {
		server = await startEverything({ mode: 'streamableHttp' });
		connection = new McpConnection({ name: 'everything', url: server.url, handlers: requests.handlersFor('everything') });
		await connection.connect();
	}, 30_000);
	afterAll(async () => {
		await connection?.close();
		await server?.stop();
	});

	it('advertises sampling, elicitation and roots, so the server offers the tools that use them', () => {
		const names = connection.tools.map((tool) => tool.name);
		expect(names).toEqual(expect.arrayContaining(['trigger-sampling-request', 'trigger-elicitation-request', 'get-roots-list']));
	});

	it('runs the model for a sampling request only after approval, and a denial reaches the server as an error', async () => {
		const denied = connection.callTool('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 20 });
		const first = await until(() => requests.pending[0]);
		expect(first).toMatchObject({ kind: 'sampling', server: 'everything' });
		expect(sampled).toHaveLength(0);
		requests.deny(first.id);
		const refusal = await denied.then((result) => JSON.stringify(result), (error: Error) => error.message);
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

	it('lists the roots the user gave the server', async () => {
		requests.setRoots('everything', [{ uri: 'file:///work/project', name: 'project' }]);
		expect(text(await connection.callTool('get-roots-list', {}))).toContain('file:///work/project');
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

	it('refuses sampling requests beyond the waiting limit without running the model', async () => {
		let runs = 0;
		const requests = new ServerRequests({ pendingLimit: 2, sample: async () => ({ text: String(++runs), model: 'm' }) });
		const handlers = requests.handlersFor('loop');
		const signal = new AbortController().signal;
		const params = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'again' } }], maxTokens: 10 };
		void handlers.createMessage!(params, signal).catch(() => undefined);
		void handlers.createMessage!(params, signal).catch(() => undefined);
		await expect(handlers.createMessage!(params, signal)).rejects.toThrow(/still waiting/);
		expect(requests.pending).toHaveLength(2);
		expect(runs).toBe(0);
	});

	it('drops a request the server cancelled', async () => {
		const requests = new ServerRequests();
		const controller = new AbortController();
		const answer = requests.handlersFor('s').elicit!({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } } as never, controller.signal);
		expect(requests.pending).toHaveLength(1);
		controller.abort();
		await expect(answer).rejects.toThrow(/cancelled/);
		expect(requests.pending).toHaveLength(0);
	});
});
