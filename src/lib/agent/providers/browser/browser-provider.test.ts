import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasBrowserModel } from '..';
import type { ProviderTool } from '../../types';
import { BrowserProvider } from './browser-provider';
import { promptApi, type PromptApi, type PromptApiMessage } from './wire-types';

const tools: ProviderTool[] = [
	{
		name: 'datasets_mcp_query',
		description: 'Run SQL.',
		input_schema: { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] }
	}
];

/** A stand-in for the browser's LanguageModel that records sessions and streams scripted replies. */
function fakeApi(replies: string[], availability: 'available' | 'unavailable' = 'available') {
	const sessions: Array<{
		initialPrompts: PromptApiMessage[];
		input: unknown;
		constraint: unknown;
		destroyed: boolean;
	}> = [];
	const api: PromptApi = {
		availability: async () => availability,
		create: async (options) => {
			const record = {
				initialPrompts: options?.initialPrompts ?? [],
				input: null as unknown,
				constraint: null as unknown,
				destroyed: false
			};
			sessions.push(record);
			return {
				inputQuota: 6000,
				inputUsage: 900,
				promptStreaming(input, promptOptions) {
					record.input = input;
					record.constraint = promptOptions?.responseConstraint ?? null;
					const text = replies.shift() ?? '';
					return new ReadableStream<string>({
						start(controller) {
							for (let at = 0; at < text.length; at += 5) controller.enqueue(text.slice(at, at + 5));
							controller.close();
						}
					});
				},
				destroy() {
					record.destroyed = true;
				}
			};
		}
	};
	return { api, sessions };
}

describe('BrowserProvider', () => {
	it('sends the compact prompt as a session with the envelope as response constraint, and parses the call', async () => {
		const { api, sessions } = fakeApi(['{"tool": "datasets_mcp_query", "arguments": {"sql": "SELECT 1"}}']);
		const provider = new BrowserProvider({ provider: 'browser', model: 'built-in' }, api);
		const turn = await provider.streamTurn({
			system: 'You are AutoUI.',
			messages: [{ role: 'user', content: [{ type: 'text', text: 'Count rows' }] }],
			tools
		});
		expect(turn.message.content).toMatchObject([
			{ type: 'tool_use', name: 'datasets_mcp_query', input: { sql: 'SELECT 1' } }
		]);
		expect(turn.stopReason).toBe('tool_use');
		expect(turn.usage.inputTokens).toBe(900);
		expect(sessions[0].initialPrompts[0]).toMatchObject({ role: 'system' });
		expect(sessions[0].input).toBe('Count rows');
		expect(sessions[0].constraint).toHaveProperty('anyOf');
		expect(sessions[0].destroyed).toBe(true);
	});

	it('says clearly when the browser has no built-in model, and is absent where LanguageModel is', async () => {
		const { api } = fakeApi([], 'unavailable');
		await expect(
			new BrowserProvider({ provider: 'browser', model: 'built-in' }, api).streamTurn({
				system: '',
				messages: [],
				tools: []
			})
		).rejects.toMatchObject({ code: 'provider_unavailable' });
		await expect(
			new BrowserProvider({ provider: 'browser', model: 'built-in' }, null).streamTurn({
				system: '',
				messages: [],
				tools: []
			})
		).rejects.toThrow(/no built-in model/);
		expect(promptApi({})).toBeNull();
		expect(promptApi({ LanguageModel: api })).toBe(api);
	});
});

describe('hasBrowserModel', () => {
	afterEach(() => vi.unstubAllGlobals());

	it('offers the built-in model only where the browser has one it can use or download', async () => {
		expect(await hasBrowserModel()).toBe(false);
		vi.stubGlobal('LanguageModel', fakeApi([], 'unavailable').api);
		expect(await hasBrowserModel()).toBe(false);
		vi.stubGlobal('LanguageModel', fakeApi([]).api);
		expect(await hasBrowserModel()).toBe(true);
	});
});
