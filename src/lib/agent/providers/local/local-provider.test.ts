import { describe, expect, it } from 'vitest';
import type { ChatMessage, ProviderTool } from '../../types';
import { TokenMeter } from '../constrained/token-meter';
import type { ProviderEvent } from '../types';
import { LocalCompletionError, type CompletionResult, type ContextUse, type LocalEngine } from './engine';
import { LocalProvider } from './local-provider';
import type { LocalModelInfo } from './model-info';
import type { CompletionBody } from './wire-types';

const info: LocalModelInfo = {
	name: 'tiny.gguf',
	title: 'tiny',
	architecture: 'llama',
	sizeBytes: 1000,
	contextTokens: 2048,
	trainedContextTokens: 2048,
	vocabularySize: 512,
	layers: 5,
	chatTemplate: 'ChatML',
	templateFallback: true,
	threads: 1
};

/** A scripted engine: each completion replies with the next script entry, in pieces; records the bodies. */
function scriptedEngine(
	script: Array<string | LocalCompletionError | ((body: CompletionBody) => string | LocalCompletionError)>
) {
	const bodies: CompletionBody[] = [];
	const uses: ContextUse[] = [];
	const engine: LocalEngine & { bodies: CompletionBody[]; uses: ContextUse[]; loads: string[] } = {
		bodies,
		uses,
		loads: [],
		meter: new TokenMeter(1.4),
		async ensureLoaded(name) {
			engine.loads.push(name);
			return info;
		},
		async complete(body, { signal, onDelta }): Promise<CompletionResult> {
			bodies.push(body);
			let next = script.shift();
			if (typeof next === 'function') next = next(body);
			if (next instanceof LocalCompletionError) throw next;
			const text = next ?? '';
			for (let at = 0; at < text.length; at += 4) {
				if (signal?.aborted) throw new LocalCompletionError('aborted', 'stopped');
				onDelta(text.slice(at, at + 4));
				await Promise.resolve();
			}
			const chars = body.messages.reduce((total, message) => total + message.content.length, 0);
			return {
				finishReason: 'stop',
				promptTokens: Math.ceil(chars / 1.6),
				outputTokens: Math.ceil(text.length / 1.4),
				tokensPerSecond: 100
			};
		},
		recordUse(use) {
			uses.push(use);
		}
	};
	return engine;
}

const tools: ProviderTool[] = [
	{
		name: 'autoui_webmcp_widget_display',
		description: 'Show a widget.',
		input_schema: {
			type: 'object',
			properties: { widget: { type: 'string' }, params: { type: 'object' } },
			required: ['widget', 'params']
		}
	},
	{
		name: 'datasets_mcp_query',
		description: 'Run SQL.',
		input_schema: { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] }
	}
];
const ask = (text: string): ChatMessage[] => [{ role: 'user', content: [{ type: 'text', text }] }];

describe('LocalProvider', () => {
	it('streams an answer as text deltas and reports usage and the context it used', async () => {
		const engine = scriptedEngine(['{"answer": "Once upon a time there was a cat."}']);
		const provider = new LocalProvider({ provider: 'local', model: 'tiny.gguf' }, engine);
		const events: ProviderEvent[] = [];
		const turn = await provider.streamTurn(
			{ system: 'You are AutoUI.', messages: ask('Tell a story'), tools },
			{ onEvent: (event) => events.push(event) }
		);
		expect(engine.loads).toEqual(['tiny.gguf']);
		expect(turn.message.content).toEqual([{ type: 'text', text: 'Once upon a time there was a cat.' }]);
		expect(turn.stopReason).toBe('end_turn');
		expect(turn.usage.inputTokens).toBeGreaterThan(0);
		expect(events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(3);
		expect(events[0]).toMatchObject({ type: 'request', body: { model: 'tiny.gguf', contextTokens: 2048 } });
		expect(engine.uses[0]).toMatchObject({ contextTokens: 2048, tokensPerSecond: 100 });
		expect(engine.bodies[0].schema).toHaveProperty('anyOf');
		expect(engine.bodies[0].maxTokens).toBeLessThanOrEqual(409);
	});

	it('turns a call decoded under the envelope into a tool_use, and offers only the tools a question names', async () => {
		const engine = scriptedEngine([
			'{"tool": "autoui_webmcp_widget_display", "arguments": {"widget": "kpi", "params": {"value": 3}}}'
		]);
		const provider = new LocalProvider({ provider: 'local', model: 'tiny.gguf' }, engine);
		const turn = await provider.streamTurn({
			system: '',
			messages: ask('Use widget_display for a kpi'),
			tools,
			toolChoice: 'required'
		});
		expect(turn.stopReason).toBe('tool_use');
		expect(turn.message.content).toMatchObject([
			{ type: 'tool_use', name: 'autoui_webmcp_widget_display', input: { widget: 'kpi', params: { value: 3 } } }
		]);
		const schema = engine.bodies[0].schema as { properties: { tool: { const: string } } };
		expect(schema.properties.tool.const).toBe('autoui_webmcp_widget_display');
		expect(engine.bodies[0].messages[0].content).not.toContain('datasets_mcp_query');
	});

	it('fits the request again, smaller, when the runtime finds it too long, so the turn still ends well', async () => {
		const engine = scriptedEngine([
			(body) => {
				const chars = body.messages.reduce((total, message) => total + message.content.length, 0);
				return new LocalCompletionError(
					'context_overflow',
					'request (3100 tokens) exceeds the available context size (2048 tokens)',
					Math.ceil(chars / 0.9),
					2048
				);
			},
			'{"answer": "Short."}'
		]);
		const provider = new LocalProvider({ provider: 'local', model: 'tiny.gguf' }, engine);
		const long = ask('Question with a long attachment: ' + 'lorem ipsum '.repeat(300));
		const turn = await provider.streamTurn({ system: 'You are AutoUI. '.repeat(100), messages: long, tools });
		expect(turn.message.content).toEqual([{ type: 'text', text: 'Short.' }]);
		const size = (body: CompletionBody) => body.messages.reduce((total, message) => total + message.content.length, 0);
		expect(engine.bodies).toHaveLength(2);
		expect(size(engine.bodies[1])).toBeLessThan(size(engine.bodies[0]));
		expect(engine.meter!.charsPerToken).toBeLessThan(1.4);
	});

	it('falls back to free-form arguments when the grammar refuses a schema, and sends free text when tools are off', async () => {
		const engine = scriptedEngine([
			new LocalCompletionError('grammar', 'failed to parse grammar'),
			'{"answer": "ok"}',
			'plain words'
		]);
		const provider = new LocalProvider({ provider: 'local', model: 'tiny.gguf' }, engine);
		await provider.streamTurn({ system: '', messages: ask('hi'), tools });
		const loose = engine.bodies[1].schema as { anyOf: Array<{ properties: { arguments: unknown } }> };
		expect(loose.anyOf[0].properties.arguments).toEqual({ type: 'object' });
		const free = await provider.streamTurn({ system: '', messages: ask('hi'), tools, toolChoice: 'none' });
		expect(engine.bodies[2].schema).toBeNull();
		expect(free.message.content).toEqual([{ type: 'text', text: 'plain words' }]);
	});

	it('stops at once when aborted, keeping the text so far', async () => {
		const engine = scriptedEngine(['{"answer": "' + 'word '.repeat(200) + '"}']);
		const provider = new LocalProvider({ provider: 'local', model: 'tiny.gguf' }, engine);
		const controller = new AbortController();
		let deltas = 0;
		const turn = provider.streamTurn(
			{ system: '', messages: ask('go'), tools },
			{
				signal: controller.signal,
				onEvent: (event) => {
					if (event.type === 'text-delta' && ++deltas === 3) controller.abort();
				}
			}
		);
		await expect(turn).rejects.toMatchObject({
			code: 'aborted',
			details: { partial: { content: [{ type: 'text' }] } }
		});
		expect(deltas).toBeLessThan(6);
	});
});
