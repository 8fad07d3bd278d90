import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tests/fixtures/fake-llm';
import { AutoUiError } from '$lib/shared';
import type { ChatMessage, ProviderTool } from '../../types';
import { createProvider } from '..';
import type { ProviderConfig, ProviderEvent } from '../types';

const tools: ProviderTool[] = [
	{ name: 'data_mcp_query', description: 'Run a query', input_schema: { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] } },
	{ name: 'autoui_webmcp_widget_display', description: 'Show a widget', input_schema: { type: 'object', properties: { type: { type: 'string' } } } }
];
const ask: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'How many rows?' }] }];

let llm: FakeLlm;
beforeAll(async () => {
	llm = await startFakeLlm({ apiKey: 'sk-ant-test' });
});
afterAll(() => llm.close());

function config(extra: Partial<ProviderConfig> = {}): ProviderConfig {
	return { provider: 'anthropic', baseUrl: llm.url, model: 'fake-model', apiKey: 'sk-ant-test', retry: { baseDelayMs: 5, maxDelayMs: 20 }, ...extra };
}

function collect(): { events: ProviderEvent[]; onEvent: (event: ProviderEvent) => void } {
	const events: ProviderEvent[] = [];
	return { events, onEvent: (event) => events.push(event) };
}

describe('AnthropicProvider against the fake Messages API', () => {
	it('streams text and reports request, first-token and text-delta events', async () => {
		llm.setScenario({ steps: [{ text: 'There are forty-two rows.' }] });
		const provider = await createProvider(config());
		const { events, onEvent } = collect();
		const turn = await provider.streamTurn({ system: 'You are terse.', messages: ask, tools }, { onEvent });
		expect(turn.message).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'There are forty-two rows.' }] });
		expect(turn.stopReason).toBe('end_turn');
		expect(turn.usage.outputTokens).toBeGreaterThan(0);
		expect(turn.ttftMs).not.toBeNull();
		expect(events[0].type).toBe('request');
		expect(events[1].type).toBe('first-token');
		const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
		expect(text).toBe('There are forty-two rows.');
		expect(JSON.stringify(events)).not.toContain('sk-ant-test');
	});
});
