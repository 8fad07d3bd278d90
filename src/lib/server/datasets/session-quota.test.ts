/**
 * One client filled the datasets server: 300 initialize requests took all 256 sessions and
 * every other client got 503 "server is full". These tests replay that over real HTTP
 * (the standalone server on 127.0.0.1, floods sent from 127.0.0.2… as distinct addresses)
 * with the real SDK client as the other party.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetEngine } from './engine';
import { startStandaloneDatasetsServer, type StandaloneDatasetsServer } from './standalone';
import { postFrom, statusCounts, toolsList } from './test-initialize';

let engine: DatasetEngine;
const started: StandaloneDatasetsServer[] = [];
const clients: Client[] = [];

beforeAll(async () => {
	engine = await DatasetEngine.create({ queryTimeoutMs: 5_000 });
});

afterAll(async () => {
	await Promise.all(clients.map((client) => client.close()));
	await Promise.all(started.map((server) => server.close()));
	engine.close();
});

async function serve(options: Parameters<typeof startStandaloneDatasetsServer>[0] = {}): Promise<string> {
	const server = await startStandaloneDatasetsServer({ port: 0, engine: async () => engine, ...options });
	started.push(server);
	return server.url;
}

/** A real SDK client (from 127.0.0.1) that initializes and lists the tools. */
async function sdkClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
	const client = new Client({ name: 'other-client', version: '1.0.0' });
	clients.push(client);
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
	return client;
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

/**
 * Sends `count` requests from `address` at once. A bucket holds 30 and refills one a second,
 * so `accepted` is 30 plus one per second the flood took (a busy machine is slower).
 */
async function flood(url: string, address: string, count: number, headers?: (index: number) => Record<string, string>) {
	const started = Date.now();
	const answers = await Promise.all(
		Array.from({ length: count }, (_, index) => postFrom(url, address, { headers: headers?.(index) }))
	);
	const counts = statusCounts(answers);
	const accepted = counts[200] ?? 0;
	expect(accepted).toBeGreaterThanOrEqual(30);
	expect(accepted).toBeLessThanOrEqual(30 + Math.ceil((Date.now() - started) / 1000));
	expect(accepted + (counts[429] ?? 0)).toBe(count);
	return answers;
}

// Hundreds of real connections each: generous on a busy shared machine.
describe('one client cannot fill the datasets server', { timeout: 60_000 }, () => {
	it('300 initialize requests from one address: 30 get a session, the rest 429, and another address still connects', async () => {
		const url = await serve();
		const answers = await flood(url, '127.0.0.2', 300);
		const refused = answers.find((answer) => answer.status === 429)!;
		expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
		expect(JSON.parse(refused.body).error.message).toMatch(
			/^Too many new sessions from this client \(at most 60 a minute, 30 at once\)\. Retry in \d+ s\.$/
		);
		const other = await sdkClient(url);
		expect(await toolNames(other)).toContain('query_sql');
	});

	it('addresses that fill all 256 sessions cannot keep a newcomer out, nor push out its session', async () => {
		const url = await serve();
		const floods = await Promise.all(
			Array.from({ length: 9 }, (_, index) =>
				Promise.all(Array.from({ length: 30 }, () => postFrom(url, `127.0.0.${index + 2}`)))
			)
		);
		// All get in but for, at most, a few that find the server full of their own sessions still opening.
		const { 200: accepted = 0, 503: full = 0 } = statusCounts(floods.flat());
		expect(accepted).toBeGreaterThanOrEqual(256);
		expect(accepted + full).toBe(270);
		const other = await sdkClient(url);
		expect(await toolNames(other)).toContain('query_sql');
		// More from a flooder (what its bucket refilled gets in): the newcomer's session is still answered.
		await Promise.all(Array.from({ length: 20 }, () => postFrom(url, '127.0.0.2')));
		expect(await toolNames(other)).toContain('query_sql');
	});

	it("one address that holds every session: its new sessions replace its own, never the other client's", async () => {
		// No per-client quota or rate here, and a cap of 64 (the policy is the same at 256).
		const url = await serve({ maxSessions: 64, sessionsPerClient: 1_000, sessionsPerMinute: 100_000 });
		const fill = await Promise.all(Array.from({ length: 64 }, () => postFrom(url, '127.0.0.2')));
		expect(statusCounts(fill)).toEqual({ 200: 64 });
		const other = await sdkClient(url);
		// Sent all at once: those that find every session of theirs still opening are told to retry.
		const churn = await Promise.all(Array.from({ length: 100 }, () => postFrom(url, '127.0.0.2')));
		const { 200: accepted = 0, 503: retry = 0 } = statusCounts(churn);
		expect(accepted).toBeGreaterThan(0);
		expect(accepted + retry).toBe(100);
		expect(await toolNames(other)).toContain('query_sql');
		const newest = churn.filter((answer) => answer.status === 200).at(-1)!;
		expect((await postFrom(url, '127.0.0.2', { body: toolsList, sessionId: newest.sessionId })).status).toBe(200);
	});

	it("a client at its quota loses its own least recently used session, not another's", async () => {
		const url = await serve({ sessionsPerClient: 4 });
		const other = await sdkClient(url);
		const opened = [];
		for (let index = 0; index < 5; index++) opened.push(await postFrom(url, '127.0.0.2'));
		expect(statusCounts(opened)).toEqual({ 200: 5 });
		const alive = async (sessionId?: string) =>
			(await postFrom(url, '127.0.0.2', { body: toolsList, sessionId })).status;
		expect(await alive(opened[0].sessionId)).toBe(404);
		for (const answer of opened.slice(1)) expect(await alive(answer.sessionId)).toBe(200);
		expect(await toolNames(other)).toContain('query_sql');
	});

	it('ids never issued (taken up as sessions from another instance) count against the same quota and rate', async () => {
		const url = await serve();
		const started = Date.now();
		const answers = await Promise.all(
			Array.from({ length: 60 }, () => postFrom(url, '127.0.0.2', { body: toolsList, sessionId: randomUUID() }))
		);
		const { 200: taken = 0, 429: refused = 0 } = statusCounts(answers);
		expect(taken).toBeGreaterThanOrEqual(30);
		expect(taken).toBeLessThanOrEqual(30 + Math.ceil((Date.now() - started) / 1000));
		expect(taken + refused).toBe(60);
		const other = await sdkClient(url);
		expect(await toolNames(other)).toContain('query_sql');
	});

	it('a forwarded address counts only behind a trusted proxy (ADDRESS_HEADER, XFF_DEPTH)', async () => {
		// Not trusted: a flood that sends a new X-Forwarded-For each time is still one client.
		const direct = await serve();
		await flood(direct, '127.0.0.2', 40, (index) => ({ 'x-forwarded-for': `198.51.100.${index}` }));

		// Behind one trusted proxy (all requests come from its address): the last entry is the client.
		const proxied = await serve({ trustedProxy: { addressHeader: 'x-forwarded-for', xffDepth: 1 } });
		await flood(proxied, '127.0.0.2', 40, (index) => ({ 'x-forwarded-for': `10.9.${index}.1, 203.0.113.7` }));
		const other = await sdkClient(proxied, { 'x-forwarded-for': '198.51.100.9' });
		expect(await toolNames(other)).toContain('query_sql');
	});
});
