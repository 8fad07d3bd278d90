import { describe, expect, it } from 'vitest';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { a2uiActionOf, toRunInput } from './convert-messages';

describe('toRunInput', () => {
	it('builds a RunAgentInput the official schema accepts, with tool calls and role "tool" results', () => {
		const input = toRunInput(
			{
				system: 'You draw on a canvas.',
				tools: [
					{
						name: 'autoui_webmcp_widget_display',
						description: 'Show a widget',
						input_schema: { type: 'object', properties: { name: { type: 'string' } } }
					}
				],
				messages: [
					{ role: 'user', content: [{ type: 'text', text: 'Show 42' }] },
					{
						role: 'assistant',
						content: [
							{ type: 'text', text: 'Sure.' },
							{ type: 'tool_use', id: 'c1', name: 'autoui_webmcp_widget_display', input: { name: 'stat' } }
						]
					},
					{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: '{"id":"w_1"}' }] }
				]
			},
			'thread-1',
			'run-2',
			{ count: 1 }
		);
		expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
		expect(input.tools).toEqual([
			{
				name: 'autoui_webmcp_widget_display',
				description: 'Show a widget',
				parameters: { type: 'object', properties: { name: { type: 'string' } } }
			}
		]);
		expect(input.messages).toEqual([
			{ id: 'm0', role: 'user', content: 'Show 42' },
			{
				id: 'm1',
				role: 'assistant',
				content: 'Sure.',
				toolCalls: [
					{
						id: 'c1',
						type: 'function',
						function: { name: 'autoui_webmcp_widget_display', arguments: '{"name":"stat"}' }
					}
				]
			},
			{ id: 'm2-1', role: 'tool', toolCallId: 'c1', content: '{"id":"w_1"}' }
		]);
		expect(input.state).toEqual({ count: 1 });
		expect(input.context[0].value).toBe('You draw on a canvas.');
	});

	it("forwards an A2UI button's action as forwardedProps.a2uiAction.userAction, and only a well-formed one", () => {
		const input = toRunInput(
			{
				system: '',
				tools: [],
				messages: [
					{
						role: 'user',
						content: [{ type: 'text', text: 'A2UI action "book" from confirm on surface booking: {"guests":4}' }]
					}
				]
			},
			'thread-1',
			'run-1',
			{}
		);
		expect(input.forwardedProps).toEqual({
			a2uiAction: {
				userAction: { name: 'book', surfaceId: 'booking', sourceComponentId: 'confirm', context: { guests: 4 } }
			}
		});
		expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
		// After an answer without text, the press shares the user turn with the message before it.
		const merged = toRunInput(
			{
				system: '',
				tools: [],
				messages: [
					{
						role: 'user',
						content: [
							{ type: 'text', text: 'Show me' },
							{ type: 'text', text: 'A2UI action "book" from confirm on surface booking: {"guests":4}' }
						]
					}
				]
			},
			't',
			'r',
			{}
		);
		expect(merged.forwardedProps).toEqual(input.forwardedProps);
		expect(a2uiActionOf('A2UI action "book" from confirm on surface booking: {not json}')).toBeUndefined();
		expect(a2uiActionOf('Book a table')).toBeUndefined();
	});
});
