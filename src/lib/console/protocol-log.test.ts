import { describe, expect, it, vi } from 'vitest';
import { filterProtocol, RequestMatcher } from './protocol-log';
import { ProtocolLog } from './protocol-log.svelte';

const wire = (direction: 'out' | 'in', message: Record<string, unknown>, at: number) => ({
	direction,
	message: { jsonrpc: '2.0', ...message } as never,
	at,
	sessionId: 'session-1'
});

describe('the protocol log', () => {
	it('pairs responses with requests both ways and measures latency', () => {
		const matcher = new RequestMatcher();
		const call = matcher.entry(
			1,
			'everything',
			wire('out', { id: 1, method: 'tools/call', params: { name: 'echo' } }, 1000)
		);
		const sampling = matcher.entry(2, 'everything', wire('in', { id: 1, method: 'sampling/createMessage' }, 1010));
		const answer = matcher.entry(3, 'everything', wire('out', { id: 1, result: { content: [] } }, 1500));
		const result = matcher.entry(4, 'everything', wire('in', { id: 1, result: { content: [] } }, 1600));
		const failed = matcher.entry(5, 'other', wire('in', { id: 9, error: { code: -32601, message: 'nope' } }, 1700));
		expect(call).toMatchObject({ kind: 'request', method: 'tools/call', direction: 'out', sessionId: 'session-1' });
		expect(sampling).toMatchObject({ kind: 'request', method: 'sampling/createMessage', direction: 'in' });
		expect(answer).toMatchObject({ kind: 'response', method: 'sampling/createMessage', latencyMs: 490 });
		expect(result).toMatchObject({ kind: 'response', method: 'tools/call', latencyMs: 600 });
		expect(failed).toMatchObject({ kind: 'error', method: '' });
		expect(failed.latencyMs).toBeUndefined();
		expect(call.size).toBeGreaterThan(40);
		expect(
			filterProtocol([call, sampling, answer, result, failed], { server: 'everything', method: 'tools' }).map(
				(entry) => entry.seq
			)
		).toEqual([1, 4]);
	});

	it('keeps a flood of 10,000 notifications bounded and publishes them in one batch', async () => {
		const log = new ProtocolLog({ limit: 2000 });
		for (let index = 0; index < 10_000; index++)
			log.record(
				'noisy',
				wire('in', { method: 'notifications/message', params: { level: 'info', data: index } }, index)
			);
		expect(log.entries).toHaveLength(0);
		await vi.waitFor(() => expect(log.entries).toHaveLength(2000));
		expect(log.dropped).toBe(8000);
		expect(log.entries.at(-1)?.message).toMatchObject({ params: { data: 9999 } });
	});
});
