import { describe, expect, it } from 'vitest';
import type { ChatMessage, ProviderTool } from '../../types';
import { compactToolSet, ownName, questionText } from './tool-set';

const tool = (name: string): ProviderTool => ({
	name,
	description: '',
	input_schema: { type: 'object', properties: {} }
});
const tools = [
	tool('autoui_webmcp_widget_display'),
	tool('autoui_webmcp_canvas'),
	tool('datasets_mcp_query'),
	tool('datasets_mcp_list_datasets')
];
const asking = (text: string): ChatMessage[] => [
	{ role: 'user', content: [{ type: 'text', text }] },
	{ role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'datasets_mcp_query', input: {} }] },
	{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'rows' }] }
];

describe('compactToolSet', () => {
	it('offers a small model only the tools the question names, by full or own name', () => {
		expect(compactToolSet(tools, asking('Use widget_display for a kpi'), 2048).map((entry) => entry.name)).toEqual([
			'autoui_webmcp_widget_display'
		]);
		expect(compactToolSet(tools, asking('datasets_mcp_query then canvas'), 4096).map((entry) => entry.name)).toEqual([
			'autoui_webmcp_canvas',
			'datasets_mcp_query'
		]);
	});

	it('keeps every tool for large contexts and for questions that name none (words inside others do not count)', () => {
		expect(compactToolSet(tools, asking('Use widget_display'), 32_000)).toBe(tools);
		expect(compactToolSet(tools, asking('How many flights? querying is fine'), 2048)).toBe(tools);
	});

	it('reads the question from the last user message with text, and a tool own name after its prefix', () => {
		expect(questionText(asking('the question'))).toBe('the question');
		expect(ownName('datasets_mcp_list_datasets')).toBe('list_datasets');
		expect(ownName('plain')).toBe('plain');
	});
});
