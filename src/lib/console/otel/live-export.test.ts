import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { sampleTurn } from '../sample-events';
import { mapIds, roundTrip } from '../../../../tests/fixtures/otlp-schema';
import { LiveExporter, loadLiveExportConfig, saveLiveExportConfig, tracesUrl } from './live-export';
import type { OtlpTraceRequest } from './otlp-json';

/** A stand-in OTLP/HTTP receiver on loopback that records what it is sent. */
let received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
let status = 200;
const server = createServer((request, response) => {
	let body = '';
	request.on('data', (chunk) => (body += chunk));
	request.on('end', () => {
		received.push({ url: request.url ?? '', headers: request.headers, body });
		response
			.writeHead(status, { 'content-type': 'application/json' })
			.end(status === 200 ? '{}' : '{"message":"bad key"}');
	});
});
let endpoint = '';
beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function memory() {
	const map = new Map<string, string>();
	return {
		getItem: (key: string) => map.get(key) ?? null,
		setItem: (key: string, value: string) => void map.set(key, value),
		removeItem: (key: string) => void map.delete(key)
	};
}

describe('live OTLP export', () => {
	it('sends each finished turn once to {endpoint}/v1/traces with the configured headers, as schema-valid OTLP/JSON', async () => {
		received = [];
		status = 200;
		const exporter = new LiveExporter({ config: { endpoint, headers: { 'x-ingest-key': 'ingest-123456' } } });
		const earlier = sampleTurn({ turnId: 'old' });
		const events: AgentEvent[] = [...earlier];
		expect(exporter.observe(events)).toHaveLength(0);
		const turn = sampleTurn({ turnId: 'new', start: 1_700_000_100_000 });
		events.push(...turn.slice(0, 5));
		expect(exporter.observe(events)).toHaveLength(0);
		events.push(...turn.slice(5));
		await Promise.all(exporter.observe(events));
		expect(received).toHaveLength(1);
		expect(received[0].url).toBe('/v1/traces');
		expect(received[0].headers['x-ingest-key']).toBe('ingest-123456');
		expect(received[0].headers['content-type']).toBe('application/json');
		const body = JSON.parse(received[0].body) as OtlpTraceRequest;
		const { problem, decoded } = roundTrip(body);
		expect(problem).toBeNull();
		expect(decoded).toEqual(mapIds(body, (id) => id));
		expect(new Set(body.resourceSpans[0].scopeSpans[0].spans.map((span) => span.name))).toContain(
			'invoke_agent autoui'
		);
		expect(received[0].body).not.toContain('ingest-123456');
		expect(exporter.status).toEqual({ sent: 1 });
	});

	it('records a refused request as a status the user can read, and recovers on the next success', async () => {
		received = [];
		status = 401;
		const statuses: unknown[] = [];
		const exporter = new LiveExporter({
			config: { endpoint: `${endpoint}/v1/traces`, headers: {} },
			onStatus: (next) => statuses.push(next)
		});
		exporter.observe([]);
		const base = {
			turnId: 'refresh:r1',
			iteration: 0,
			callId: 'r1',
			name: 'a_mcp_b',
			resolvedName: 'a_mcp_b',
			server: 'a',
			protocol: 'mcp' as const,
			tool: 'b',
			origin: 'refresh' as const
		};
		const events: AgentEvent[] = [
			{ type: 'tool-call', at: 1, ...base, args: {}, guided: false },
			{ type: 'tool-result', at: 2, ...base, result: 'ok', elapsedMs: 1, size: 2, truncated: false, recallId: 'r1' }
		];
		await Promise.all(exporter.observe(events));
		expect(exporter.status.lastError).toMatch(/HTTP 401.*bad key.*Check the endpoint/);
		status = 200;
		events.push(
			{ type: 'tool-call', at: 3, ...base, turnId: 'refresh:r2', callId: 'r2', args: {}, guided: false },
			{
				type: 'tool-result',
				at: 4,
				...base,
				turnId: 'refresh:r2',
				callId: 'r2',
				result: 'ok',
				elapsedMs: 1,
				size: 2,
				truncated: false,
				recallId: 'r2'
			}
		);
		await Promise.all(exporter.observe(events));
		expect(exporter.status).toEqual({ sent: 1 });
		expect(statuses).toHaveLength(2);
		expect(received).toHaveLength(2);
	});

	it('keeps its configuration on this device and explains a bad endpoint', () => {
		const store = memory();
		expect(loadLiveExportConfig(store)).toBeUndefined();
		saveLiveExportConfig(store, { endpoint: 'http://127.0.0.1:4318', headers: { authorization: 'Bearer abc' } });
		expect(loadLiveExportConfig(store)).toEqual({
			endpoint: 'http://127.0.0.1:4318',
			headers: { authorization: 'Bearer abc' }
		});
		saveLiveExportConfig(store, undefined);
		expect(loadLiveExportConfig(store)).toBeUndefined();
		expect(tracesUrl('http://127.0.0.1:4318/')).toBe('http://127.0.0.1:4318/v1/traces');
		expect(tracesUrl('https://cloud.example/api/public/otel')).toBe('https://cloud.example/api/public/otel/v1/traces');
		expect(() => tracesUrl('collector')).toThrow(/not a URL/);
		expect(() => tracesUrl('ftp://x')).toThrow(/http or https/);
	});
});
