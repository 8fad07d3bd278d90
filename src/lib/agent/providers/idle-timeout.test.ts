import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tests/fixtures/fake-llm';
import { createProvider } from '.';
import { streamIdleTimeoutMs } from './idle-timeout';
import type { ProviderId } from './types';

let llm: FakeLlm;
beforeAll(async () => {
	llm = await startFakeLlm({});
});
afterAll(() => llm.close());

describe.each<ProviderId>(['anthropic', 'openai'])('%s: a stream that stalls after its headers', (provider) => {
	it('times out after the idle limit instead of waiting for ever', async () => {
		llm.setScenario({ steps: [{ text: 'Hello', chunkDelayMs: 5_000 }] });
		const model = await createProvider({
			provider,
			baseUrl: provider === 'openai' ? `${llm.url}/v1` : llm.url,
			model: 'm',
			idleTimeoutMs: 300,
			retry: { maxRetries: 0 }
		});
		const started = performance.now();
		const error = await model
			.streamTurn({ system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] }, {})
			.catch((caught: unknown) => caught);
		expect(error).toMatchObject({ code: 'provider_stream', message: expect.stringMatching(/sent nothing for 0\.3 s/) });
		expect(performance.now() - started).toBeLessThan(3_000);
	});
});

describe('streamIdleTimeoutMs', () => {
	it('waits longer for local endpoints, and takes the configured value', () => {
		expect(streamIdleTimeoutMs({ provider: 'anthropic', model: 'm' })).toBe(120_000);
		expect(streamIdleTimeoutMs({ provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'm' })).toBe(300_000);
		expect(
			streamIdleTimeoutMs({
				provider: 'openai',
				baseUrl: 'http://127.0.0.1:11434/v1',
				model: 'm',
				idleTimeoutMs: 5_000
			})
		).toBe(5_000);
	});
});
