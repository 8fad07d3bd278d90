import { describe, expect, it } from 'vitest';
import { buildToolRegistry } from './registry';
import { withGoneTools } from './gone-tools';
import type { AppLayer, ChatMessage } from '../types';

const closed: AppLayer = {
	protocol: 'app',
	serverName: 'notes',
	instance: 1,
	widgetId: 'w1',
	closed: 'The View of "notes" (widget w1) that provided this tool is gone: its widget was closed.',
	tools: [
		{ name: 'count_notes', inputSchema: { type: 'object' } },
		{ name: 'clear_notes', inputSchema: { type: 'object' } }
	]
};

describe('tools of closed Views', () => {
	it('are offered again only as stubs the history names, saying why they are gone', () => {
		const registry = buildToolRegistry([closed]);
		expect([...registry.entries.keys()].some((name) => name.startsWith('notes_app_'))).toBe(false);
		const history: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'How many?' }] },
			{ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'notes_app_count_notes', input: {} }] },
			{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '2' }] }
		];
		const tools = withGoneTools([], registry, history);
		expect(tools.map((tool) => tool.name)).toEqual(['notes_app_count_notes']);
		expect(tools[0].description).toContain('is gone: its widget was closed');
		expect(withGoneTools([], registry, history.slice(0, 1))).toEqual([]);
	});
});
