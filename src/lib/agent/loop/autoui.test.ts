/**
 * The loop against the real built-in `autoui` WebMCP server (its validators, sanitisers and
 * canvas checks), with the scripted provider: the contract between the two sides.
 */
import { describe, expect, it } from 'vitest';
import { autoui } from '$lib/webmcp';
import { runAgentLoop } from './loop';
import { createAgentState } from './state';
import { createMockProvider, lastToolResults, runOn } from '../testing';
import type { ToolResultBlock } from '../types';

describe('loop with the real autoui server', () => {
	it('reads a recipe, displays a stat after fixing a validation error, moves it, and is refused an unsafe style', async () => {
		const widgets: Array<{ type: string; params: Record<string, unknown> }> = [];
		const moves: unknown[] = [];
		const styles: unknown[] = [];
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'autoui_webmcp_get_recipe', input: { name: 'stat' } }] },
			{ toolCalls: [{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { value: 42 } } }] },
			{
				toolCalls: [
					{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label: 'Answer', value: 42 } } }
				]
			},
			(request) => {
				const { id } = JSON.parse(lastToolResults(request)[0].content);
				return {
					toolCalls: [
						{ name: 'autoui_webmcp_canvas', input: { action: 'move', id, params: { x: 120, y: 40 } } },
						{
							name: 'autoui_webmcp_canvas',
							input: { action: 'style', id, params: { 'background-color': 'var(--surface-2)', position: 'fixed' } }
						}
					]
				};
			},
			{ text: 'The answer is 42.' }
		]);
		const result = await runAgentLoop('show 42', {
			...runOn(provider, { layer: autoui.layer(), server: autoui }),
			state: createAgentState(),
			callbacks: {
				onWidget: (type, params) => (widgets.push({ type, params }), { id: `w_${widgets.length}` }),
				onMove: (id, x, y) => (moves.push([id, x, y]), { ok: true }),
				onStyle: (id, style) => (styles.push([id, style]), { ok: true })
			}
		});
		expect(result.reason).toBe('end_turn');
		expect(lastToolResults(provider.requests[1])[0].is_error).toBeUndefined();
		const invalid = lastToolResults(provider.requests[2])[0] as ToolResultBlock;
		expect(invalid.is_error).toBe(true);
		expect(JSON.parse(invalid.content)).toMatchObject({
			error: 'Validation failed',
			expected_schema: { required: ['label', 'value'] }
		});
		expect(widgets).toEqual([{ type: 'stat', params: { label: 'Answer', value: 42 } }]);
		expect(JSON.parse(lastToolResults(provider.requests[3])[0].content)).toEqual({ widget: 'stat', id: 'w_1' });
		expect(moves).toEqual([['w_1', 120, 40]]);
		expect(styles).toEqual([]);
		const [moved, styled] = lastToolResults(provider.requests[4]);
		expect(JSON.parse(moved.content)).toEqual({ ok: true, action: 'move', id: 'w_1' });
		expect(styled.is_error).toBe(true);
		expect(styled.content).toMatch(/style property \\"position\\" is not allowed/);
		expect(result.calls.map((call) => call.code ?? 'ok')).toEqual([
			'ok',
			'validation_failed',
			'ok',
			'ok',
			'invalid_argument'
		]);
	});
});
