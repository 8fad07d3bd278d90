/**
 * The tools Views provide, as the agent sees them: named per View (`s_app_`, then `s_app2_`
 * for a second live View of the same server), called through the agent's call path
 * (approval unless read-only), gone with their widget (a later call is a `view_gone` tool
 * error), and bounded by the draft's limits.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent/events';
import { runDirectCall } from '$lib/agent/dispatch/direct-call';
import { createAgentState } from '$lib/agent/loop/state';
import { buildToolRegistry } from '$lib/agent/tools/registry';
import type { ToolCallResult, ToolDefinition } from '$lib/shared';
import { readViewResult, readViewTool } from './view-tools-bridge';
import { viewToolLimits, ViewToolSource, type ViewToolChannel } from './view-tools';

const readOnly: ToolDefinition = {
	name: 'get_selection',
	description: 'What the user selected in the view',
	inputSchema: { type: 'object', properties: {} },
	annotations: { readOnlyHint: true }
};
const writes: ToolDefinition = {
	name: 'set_zoom',
	inputSchema: { type: 'object', properties: { level: { type: 'number' } }, required: ['level'] }
};

function channel(answer: (name: string, args: Record<string, unknown>) => ToolCallResult): ViewToolChannel & {
	calls: string[];
} {
	const calls: string[] = [];
	return {
		calls,
		call: async (name, args) => {
			calls.push(name);
			return answer(name, args);
		}
	};
}

const text = (value: string): ToolCallResult => ({ content: [{ type: 'text', text: value }] });

function callThrough(source: ViewToolSource, tool: string, args: Record<string, unknown> = {}, approve = true) {
	const events: AgentEvent[] = [];
	const outcome = runDirectCall(
		{ tool, args, origin: 'manual' },
		{
			layers: source.layers,
			servers: source.servers,
			state: createAgentState(),
			emit: (event) => events.push(event),
			requestApproval: async () => (approve ? 'allow-once' : 'deny')
		}
	);
	return { outcome, events };
}

describe('tools provided by Views', () => {
	it("names a View's tools per widget: s_app_ for the first live View of a server, s_app2_ for a second", () => {
		const source = new ViewToolSource();
		source.set(
			'w1',
			'Basic',
			[readOnly],
			channel(() => text('one'))
		);
		source.set(
			'w2',
			'Basic',
			[readOnly, writes],
			channel(() => text('two'))
		);
		source.set(
			'w3',
			'Other',
			[readOnly],
			channel(() => text('three'))
		);
		const names = [...buildToolRegistry(source.layers).entries.values()]
			.filter((entry) => entry.kind === 'tool')
			.map((entry) => entry.name);
		expect(names).toEqual([
			'basic_app_get_selection',
			'basic_app2_get_selection',
			'basic_app2_set_zoom',
			'other_app_get_selection'
		]);
		// A new listing (tools/list_changed) keeps the View's number.
		source.set(
			'w2',
			'Basic',
			[writes],
			channel(() => text('two'))
		);
		expect(source.layerOf('w2')?.instance).toBe(2);
	});

	it('calls the View through the agent path and asks first when a tool is not marked read-only', async () => {
		const source = new ViewToolSource();
		const view = channel((name, args) => text(`${name} ${JSON.stringify(args)}`));
		source.set('w1', 'basic', [readOnly, writes], view);
		const read = callThrough(source, 'basic_app_get_selection');
		expect(await read.outcome).toMatchObject({ ok: true, value: 'get_selection {}' });
		expect(read.events.some((event) => event.type === 'approval-request')).toBe(false);
		const write = callThrough(source, 'basic_app_set_zoom', { level: 2 });
		expect(await write.outcome).toMatchObject({ ok: true });
		const asked = write.events.find((event) => event.type === 'approval-request');
		expect(asked).toMatchObject({ protocol: 'app', server: 'basic', tool: 'set_zoom' });
		const denied = callThrough(source, 'basic_app_set_zoom', { level: 3 }, false);
		expect(await denied.outcome).toMatchObject({ ok: false, code: 'denied' });
		expect(view.calls).toEqual(['get_selection', 'set_zoom']);
	});

	it('takes the tools away with the widget: a later call is a tool error saying the View is gone', async () => {
		const source = new ViewToolSource();
		const changes: number[] = [];
		source.subscribe(() => changes.push(source.servers.length));
		source.set(
			'w1',
			'basic',
			[readOnly],
			channel(() => text('one'))
		);
		source.set(
			'w2',
			'basic',
			[readOnly],
			channel(() => text('two'))
		);
		source.close('w1', 'The View of "basic" (widget w1) that provided this tool is gone: its widget was closed.');
		expect(source.servers).toHaveLength(1);
		const registry = buildToolRegistry(source.layers);
		expect(registry.entries.has('basic_app_get_selection')).toBe(false);
		expect(registry.entries.has('basic_app2_get_selection')).toBe(true);
		const gone = await callThrough(source, 'basic_app_get_selection').outcome;
		expect(gone).toMatchObject({ ok: false, code: 'view_gone' });
		expect(gone.error).toContain('is gone: its widget was closed');
		// A View opened later takes the free number; its tools are callable again under that name.
		source.set(
			'w3',
			'basic',
			[readOnly],
			channel(() => text('three'))
		);
		expect(await callThrough(source, 'basic_app_get_selection').outcome).toMatchObject({ ok: true, value: 'three' });
		expect(changes).toEqual([1, 2, 1, 2]);
	});

	it('keeps at most 50 tools, takes names and object schemas only, and refuses results over 10 MB', () => {
		const source = new ViewToolSource();
		const many = Array.from({ length: 60 }, (_, index) => ({ ...readOnly, name: `tool_${index}` }));
		source.set(
			'w1',
			'basic',
			many,
			channel(() => text('x'))
		);
		expect(source.layerOf('w1')?.tools).toHaveLength(viewToolLimits.tools);
		expect(
			readViewTool({ name: 'ok', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, x: 1 } })
		).toEqual({
			name: 'ok',
			inputSchema: { type: 'object' },
			annotations: { readOnlyHint: true }
		});
		expect(readViewTool({ name: 'no spaces please' })).toContain('not a tool name');
		expect(readViewTool({ name: 'arr', inputSchema: { type: 'array' } })).toContain('not an object schema');
		expect(readViewTool({})).toBe('a tool without a name');
		const huge = { content: [{ type: 'text', text: 'x'.repeat(viewToolLimits.resultBytes + 10) }] };
		expect(readViewResult(huge)).toMatchObject({ isError: true });
		expect(JSON.stringify(readViewResult(huge).content)).toContain('over the 10 MB');
		expect(readViewResult({ nothing: true })).toMatchObject({ isError: true });
		expect(readViewResult(text('fine'))).toEqual(text('fine'));
	});
});
