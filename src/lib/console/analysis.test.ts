import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { AutoUiError } from '$lib/shared';
import { deriveEntries } from './entries';
import { compileFilter, filterEntries, isFilterActive, noFilter, serversOf } from './filters';
import { MetricsAccumulator, computeMetrics, formatTokens, formatUsd, percentile } from './metrics';
import { estimateCost, findModel } from './models';
import { isSecretKey, redactDeep, redactText, redacted } from './redact';
import { formatFirstToken } from './format';
import { sampleSession, sampleTurn } from './sample-events';
import { buildTrace, parseTrace, serializeTrace, traceFileName } from './trace';

describe('models', () => {
	it('finds models by exact, dated and prefixed names, longest id first', () => {
		expect(findModel('claude-sonnet-4-5-20250929')?.id).toBe('claude-sonnet-4-5');
		expect(findModel('claude-sonnet-4-20250514')?.id).toBe('claude-sonnet-4');
		expect(findModel('gpt-4o-mini-2024-07-18')?.id).toBe('gpt-4o-mini');
		expect(findModel('gpt-4o-2024-08-06')?.id).toBe('gpt-4o');
		expect(findModel('anthropic/claude-3-5-haiku-latest')?.id).toBe('claude-3-5-haiku');
		expect(findModel('GPT-4.1')?.id).toBe('gpt-4.1');
	});

	it('does not give a newer minor version the price of an older one', () => {
		expect(findModel('claude-opus-4-9')).toBeUndefined();
		expect(findModel('llama3.1:8b')).toBeUndefined();
		expect(findModel('')).toBeUndefined();
	});

	it('estimates cost per million tokens including cache reads and writes', () => {
		const cost = estimateCost('claude-sonnet-4-5', {
			inputTokens: 1_000_000,
			outputTokens: 100_000,
			cacheReadTokens: 1_000_000,
			cacheWriteTokens: 0
		});
		expect(cost).toBeCloseTo(3 + 1.5 + 0.3, 6);
		expect(
			estimateCost('my-local-model', { inputTokens: 5, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 })
		).toBeNull();
	});
});

describe('metrics', () => {
	it('counts iterations, calls, errors, retries and tokens', () => {
		const metrics = computeMetrics(sampleTurn({ withToolError: true }));
		expect(metrics).toMatchObject({
			turns: 1,
			iterations: 3,
			toolCalls: 3,
			errors: 1,
			retries: 1,
			model: 'claude-sonnet-4-5'
		});
		expect(metrics.usage).toEqual({ inputTokens: 6000, outputTokens: 250, cacheReadTokens: 9000, cacheWriteTokens: 0 });
		expect(metrics.cacheReadShare).toBeCloseTo(9000 / 15000, 6);
	});

	it('reports context used against the model window, and its override', () => {
		const metrics = computeMetrics(sampleTurn());
		expect(metrics.context).toEqual({ used: 2400 + 3000 + 20, window: 200_000, share: 5420 / 200_000 });
		expect(computeMetrics(sampleTurn(), 'gpt-4o').context?.window).toBe(128_000);
		expect(computeMetrics(sampleTurn({ model: 'local-llm' })).context?.window).toBeNull();
	});

	it('computes per-server latency percentiles and time to first token', () => {
		const metrics = computeMetrics(sampleSession(10));
		const datasets = metrics.servers.find((server) => server.server === 'datasets');
		expect(datasets).toMatchObject({ calls: 10, p50: 1990, p95: 1990, errors: 0 });
		const weather = metrics.servers.find((server) => server.server === 'weather');
		expect(weather).toMatchObject({ calls: 10, errors: 3 });
		expect(metrics.ttft).toEqual({ last: 165, median: 165 });
		// The metrics bar shows the time once when the latest equals the median (it once read "165 ms (165 ms)").
		expect(formatFirstToken(metrics.ttft)).toBe('165 ms');
		expect(formatFirstToken({ last: 120, median: 180 })).toBe('120 ms (median 180 ms)');
		expect(formatFirstToken({ last: null, median: null })).toBe('');
		expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).toBe(5);
		expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
		expect(percentile([], 0.5)).toBe(0);
	});

	it('estimates cost only for known models and flags a partial estimate', () => {
		expect(computeMetrics(sampleTurn()).cost?.usd).toBeCloseTo((6000 * 3 + 250 * 15 + 9000 * 0.3) / 1e6, 9);
		expect(computeMetrics(sampleTurn({ model: 'local-llm' })).cost).toBeNull();
		const mixed = [...sampleTurn({ turnId: 'a' }), ...sampleTurn({ turnId: 'b', model: 'local-llm' })];
		expect(computeMetrics(mixed).cost?.partial).toBe(true);
	});

	it('accumulates incrementally to the same result', () => {
		const all = sampleSession(6);
		const accumulator = new MetricsAccumulator();
		for (let i = 0; i <= all.length; i += 11) accumulator.sync(all.slice(0, i));
		accumulator.sync(all);
		expect(accumulator.snapshot()).toEqual(computeMetrics(all));
	});

	it('formats numbers compactly', () => {
		expect(formatTokens(950)).toBe('950');
		expect(formatTokens(12_345)).toBe('12k');
		expect(formatTokens(1_234)).toBe('1.2k');
		expect(formatUsd(0.00421)).toBe('$0.0042');
		expect(formatUsd(1.266)).toBe('$1.27');
	});
});

describe('filters', () => {
	const entries = deriveEntries(sampleSession(3));

	it('lets everything through with no filter and honours the clear marker', () => {
		expect(isFilterActive(noFilter)).toBe(false);
		expect(filterEntries(entries, noFilter)).toHaveLength(entries.length);
		expect(filterEntries(entries, noFilter, 18).map((entry) => entry.turnId)).not.toContain('t1');
	});

	it('filters by kind, server and status together', () => {
		const calls = filterEntries(entries, { ...noFilter, kinds: ['tool-call'] });
		expect(calls).toHaveLength(9);
		const weatherErrors = filterEntries(entries, { ...noFilter, servers: ['weather'], statuses: ['error'] });
		expect(weatherErrors.map((entry) => entry.kind)).toEqual(['tool-call', 'tool-error']);
	});

	it('searches all words case-insensitively across summary, args and results', () => {
		expect(
			filterEntries(entries, { ...noFilter, search: 'GROUP  region' }).every((entry) => entry.kind === 'tool-call')
		).toBe(true);
		expect(filterEntries(entries, { ...noFilter, search: '"temp":18' })).toHaveLength(2);
		expect(filterEntries(entries, { ...noFilter, search: 'look that up' }).map((entry) => entry.kind)).toEqual([
			'text',
			'text',
			'text'
		]);
		expect(compileFilter({ ...noFilter, search: 'nothing-matches-this' })(entries[0])).toBe(false);
	});

	it('lists servers for the server filter', () => {
		expect(serversOf(entries)).toEqual(['autoui', 'datasets', 'weather']);
	});
});

describe('redaction', () => {
	it('recognises secret key names without catching token counts', () => {
		for (const key of [
			'apiKey',
			'x-api-key',
			'API_KEY',
			'Authorization',
			'client_secret',
			'accessToken',
			'refresh_token',
			'password',
			'userPassword',
			'token',
			'cookie',
			'privateKey'
		])
			expect(isSecretKey(key), key).toBe(true);
		for (const key of [
			'inputTokens',
			'maxTokens',
			'outputTokens',
			'cacheReadTokens',
			'key',
			'sessionId',
			'paid_tokens',
			'author',
			'monkey'
		])
			expect(isSecretKey(key), key).toBe(false);
	});

	it('redacts values of secret keys at any depth, keeping the rest', () => {
		const input = {
			headers: { Authorization: 'Bearer abc', 'x-api-key': 'xyz' },
			nested: [{ apiKey: 12345, name: 'ok' }],
			usage: { inputTokens: 10 },
			ok: true
		};
		expect(redactDeep(input)).toEqual({
			headers: { Authorization: redacted, 'x-api-key': redacted },
			nested: [{ apiKey: redacted, name: 'ok' }],
			usage: { inputTokens: 10 },
			ok: true
		});
		expect(input.headers.Authorization).toBe('Bearer abc');
	});

	it('redacts secret patterns inside any text', () => {
		const text = [
			'key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv and sk-proj-1234567890abcdefghij',
			'Authorization: Bearer eyJhbGciOi.payload',
			'curl -H "x-api-key: supersecretvalue"',
			'https://api.example.com/v1?api_key=SECRET123&q=ok',
			'postgres://admin:hunter2@db.internal/app',
			'{"apiKey":"abc\\"def","name":"x"}',
			'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r',
			'ghp_abcdefghijklmnopqrstuvwxyz0123 AKIAABCDEFGHIJKLMNOP'
		].join('\n');
		const out = redactText(text);
		for (const secret of [
			'AbCdEfGhIjKlMnOpQrStUv',
			'1234567890abcdefghij',
			'eyJhbGciOi',
			'supersecretvalue',
			'SECRET123',
			'hunter2',
			'abc\\"def',
			'dBjftJeZ4CVPmB92K27uhbUJU1p1r',
			'ghp_abc',
			'AKIAABCDEFGHIJKLMNOP'
		])
			expect(out, secret).not.toContain(secret);
		expect(out).toContain('q=ok');
		expect(out).toContain('"name":"x"');
		expect(out).toContain('db.internal/app');
	});

	it('scrubs exact secrets it is given, ignoring short ones', () => {
		expect(redactText('my key is local-key-42 ok', ['local-key-42', 'ab'])).toBe(`my key is ${redacted} ok`);
		expect(redactText('ab stays', ['ab'])).toBe('ab stays');
	});

	it('survives cycles', () => {
		const cyclic: Record<string, unknown> = { a: 1 };
		cyclic.self = cyclic;
		expect(redactDeep(cyclic)).toEqual({ a: 1, self: '[Circular]' });
	});
});

describe('trace', () => {
	const secretTurn = (): AgentEvent[] => {
		const events = sampleTurn();
		const request = events.find((event) => event.type === 'request');
		if (request?.type === 'request') request.system = 'Use key sk-ant-api03-SECRETSECRETSECRET00 for nothing.';
		const call = events.find((event) => event.type === 'tool-call');
		if (call?.type === 'tool-call')
			call.args = { sql: 'select 1', apiKey: 'plain-key-value', headers: { Authorization: 'Bearer tok_1234567890' } };
		return events;
	};

	it('exports events, timings and tokens without any key', () => {
		const text = serializeTrace(
			buildTrace(secretTurn(), { secrets: ['plain-key-value'], now: new Date('2025-01-02T03:04:05Z') })
		);
		expect(text).not.toMatch(/SECRETSECRET|plain-key-value|tok_1234567890/);
		const trace = JSON.parse(text);
		expect(trace).toMatchObject({ format: 'autoui-trace', version: 1, exportedAt: '2025-01-02T03:04:05.000Z' });
		expect(trace.summary).toMatchObject({
			iterations: 3,
			toolCalls: 3,
			usage: { inputTokens: 6000, outputTokens: 250 },
			models: ['claude-sonnet-4-5']
		});
		expect(trace.summary.turns[0]).toMatchObject({ turnId: 't1', elapsedMs: 3801, reason: 'end_turn' });
		expect(trace.events).toHaveLength(21);
	});

	it('round-trips: loading an export gives the same console entries', () => {
		const events = sampleSession(3);
		const loaded = parseTrace(serializeTrace(buildTrace(events)));
		expect(deriveEntries(loaded.events)).toEqual(deriveEntries(events));
	});

	it('rejects bad files with a message that says what is wrong', () => {
		const fail = (text: string) => {
			try {
				parseTrace(text);
			} catch (error) {
				expect(error).toBeInstanceOf(AutoUiError);
				expect((error as AutoUiError).code).toBe('invalid_argument');
				return (error as Error).message;
			}
			throw new Error('expected a failure');
		};
		expect(fail('{oops')).toMatch(/not valid JSON/);
		expect(fail('{"events": []}')).toMatch(/not an AutoUI trace/);
		expect(fail('{"format":"autoui-trace","version":9,"events":[]}')).toMatch(/newer version \(9\)/);
		expect(fail('{"format":"autoui-trace","version":1}')).toMatch(/no "events" list/);
		const good = buildTrace(sampleTurn());
		const broken = structuredClone(good) as unknown as { events: Array<Record<string, unknown>> };
		delete broken.events[8].callId;
		expect(fail(JSON.stringify(broken))).toBe(
			'This trace file cannot be loaded: event 9 of 21 is invalid: "tool-call" needs "callId" (string).'
		);
		broken.events[8] = { type: 'nope', at: 1, turnId: 't' };
		expect(fail(JSON.stringify(broken))).toMatch(/event 9 of 21 is invalid: unknown type "nope"/);
		const badUsage = structuredClone(good) as unknown as { events: Array<Record<string, unknown>> };
		badUsage.events[6].usage = { inputTokens: 'many' };
		expect(fail(JSON.stringify(badUsage))).toMatch(/usage.inputTokens/);
	});

	it('names files by date', () => {
		expect(traceFileName(new Date('2025-01-02T03:04:05Z'))).toBe('autoui-trace-2025-01-02T03-04-05.json');
	});
});
