import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events';
import { runAgentLoop } from '../loop/loop';
import { createMockProvider, dataServer, lastToolResults } from '../testing';
import { validateResult } from '../validate';

const outputSchema = {
	type: 'object',
	properties: { temperature: { type: 'number' }, city: { type: 'string' } },
	required: ['temperature']
};

describe('result validation', () => {
	it('finds where structuredContent leaves the output schema', () => {
		const cache: Parameters<typeof validateResult>[2] = new WeakMap();
		expect(validateResult(outputSchema, { structuredContent: { temperature: 'warm' } }, cache)).toEqual([
			{ path: '/temperature', message: expect.stringContaining('number') }
		]);
		expect(validateResult(outputSchema, { structuredContent: { temperature: 21 } }, cache)).toEqual([]);
		// Error results and results without structured content are not checked.
		expect(validateResult(outputSchema, { structuredContent: { temperature: 'x' }, isError: true }, cache)).toEqual([]);
		expect(validateResult(outputSchema, {}, cache)).toEqual([]);
		expect(validateResult(undefined, { structuredContent: 1 }, cache)).toEqual([]);
	});

	it('answers a mismatch with an error result the model reads, with the path, and a console error event', async () => {
		const weather = dataServer('Weather', [
			{
				name: 'now',
				inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
				outputSchema,
				handler: ({ city }) => ({
					content: [{ type: 'text', text: '{}' }],
					structuredContent: city === 'Oslo' ? { temperature: 4 } : { temperature: 'warm', city }
				})
			}
		]);
		let results: Array<{ content: string; is_error?: boolean }> = [];
		const provider = createMockProvider([
			{
				toolCalls: [
					{ name: 'weather_mcp_now', input: { city: 'Lima' } },
					{ name: 'weather_mcp_now', input: { city: 'Oslo' } }
				]
			},
			(request) => {
				results = lastToolResults(request);
				return { text: 'ok' };
			}
		]);
		const events: AgentEvent[] = [];
		await runAgentLoop('weather', {
			provider,
			layers: [weather.layer],
			servers: [weather.server],
			lazy: false,
			onEvent: (event) => events.push(event)
		});
		expect(results[0].is_error).toBe(true);
		expect(results[0].content).toContain('Result validation failed');
		expect(results[0].content).toContain('/temperature');
		expect(results[1].is_error).toBeFalsy();
		const error = events.find((event) => event.type === 'tool-error');
		expect(error).toMatchObject({
			code: 'result_invalid',
			error: expect.stringContaining('does not match its output schema: /temperature')
		});
	});
});
