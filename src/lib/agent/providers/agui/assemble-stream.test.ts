import { describe, expect, it } from 'vitest';
import type { ProviderEvent } from '../types';
import { AguiRunAssembler, aguiLimits, type ThreadMemory } from './assemble-stream';
import { applyPatch } from './json-patch';

function setup(tools: string[] = ['autoui_webmcp_widget_display']) {
	const events: ProviderEvent[] = [];
	const memory: ThreadMemory = { state: {}, activities: new Map() };
	const assembler = new AguiRunAssembler(new Set(tools), memory, (event) => events.push(event));
	const agui = () => events.flatMap((event) => (event.type === 'agui' ? [event.event] : []));
	return { events, memory, assembler, agui };
}

describe('AguiRunAssembler', () => {
	it('streams text and turns a frontend tool call into a tool_use block', () => {
		const { assembler, events } = setup();
		assembler.push({ type: 'RUN_STARTED', threadId: 't', runId: 'r1' });
		assembler.push({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
		assembler.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hel' });
		assembler.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'lo' });
		assembler.push({ type: 'TEXT_MESSAGE_END', messageId: 'm' });
		assembler.push({ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'autoui_webmcp_widget_display' });
		assembler.push({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"type":"stat",' });
		assembler.push({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"params":{"value":42}}' });
		assembler.push({ type: 'TOOL_CALL_END', toolCallId: 'c1' });
		assembler.push({ type: 'RUN_FINISHED', threadId: 't', runId: 'r1' });
		expect(
			events
				.filter((event) => event.type === 'text-delta')
				.map((event) => (event as { text: string }).text)
				.join('')
		).toBe('Hello');
		expect(assembler.finish()).toEqual({
			role: 'assistant',
			content: [
				{ type: 'text', text: 'Hello' },
				{
					type: 'tool_use',
					id: 'c1',
					name: 'autoui_webmcp_widget_display',
					input: { type: 'stat', params: { value: 42 } }
				}
			]
		});
		expect(assembler.finished).toBe(true);
	});

	it("reports a call of the agent's own tool with its result instead of running it", () => {
		const { assembler, agui } = setup();
		assembler.push({ type: 'TOOL_CALL_START', toolCallId: 'b', toolCallName: 'search_web' });
		assembler.push({ type: 'TOOL_CALL_END', toolCallId: 'b' });
		assembler.push({ type: 'TOOL_CALL_RESULT', toolCallId: 'b', messageId: 'x', content: 'three hits' });
		expect(assembler.finish().content).toEqual([]);
		expect(agui().at(-1)).toMatchObject({ name: 'TOOL_CALL_RESULT', data: { toolCallId: 'b', content: 'three hits' } });
	});

	it('keeps the shared state from snapshots and JSON Patch deltas', () => {
		const { assembler, memory } = setup();
		assembler.push({ type: 'STATE_SNAPSHOT', snapshot: { count: 1, items: ['a'] } });
		assembler.push({
			type: 'STATE_DELTA',
			delta: [
				{ op: 'replace', path: '/count', value: 2 },
				{ op: 'add', path: '/items/-', value: 'b' }
			]
		});
		expect(memory.state).toEqual({ count: 2, items: ['a', 'b'] });
	});

	it('reports unknown types, out-of-order ends, bad patches and oversized deltas without failing', () => {
		const { assembler, agui, memory } = setup();
		assembler.push({ type: 'NOT_A_THING' });
		assembler.push({ type: 'TEXT_MESSAGE_END', messageId: 'never' });
		assembler.push({ type: 'TOOL_CALL_END', toolCallId: 'never' });
		assembler.push({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/__proto__/polluted', value: true }] });
		assembler.push({ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/missing', value: 1 }] });
		assembler.push({ type: 'STATE_SNAPSHOT', snapshot: { big: 'x'.repeat(aguiLimits.payload + 1) } });
		assembler.push({ type: 'TEXT_MESSAGE_START', messageId: 'm' });
		assembler.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'y'.repeat(10 * 1024 * 1024) });
		const problems = agui().filter((event) => event.problem);
		expect(problems.map((event) => event.name)).toEqual([
			'UNKNOWN',
			'TEXT_MESSAGE_END',
			'TOOL_CALL_END',
			'STATE_DELTA',
			'STATE_DELTA',
			'STATE_SNAPSHOT',
			'TEXT_MESSAGE_CONTENT'
		]);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(memory.state).toEqual({});
		const said = assembler.finish().content[0];
		expect(said?.type === 'text' && said.text.length).toBe(aguiLimits.text);
	});

	it('leaves out 10 MB tool arguments and activity deltas, and a surface activity stays as it was', () => {
		const { assembler, agui, memory } = setup();
		const huge = 'z'.repeat(10 * 1024 * 1024);
		assembler.push({
			type: 'ACTIVITY_SNAPSHOT',
			messageId: 'a1',
			activityType: 'a2ui-surface',
			content: { operations: [] }
		});
		assembler.push({ type: 'ACTIVITY_DELTA', messageId: 'a1', patch: [{ op: 'add', path: '/big', value: huge }] });
		assembler.push({ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'agent_search' });
		assembler.push({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: huge });
		assembler.push({ type: 'TOOL_CALL_END', toolCallId: 'c1' });
		expect(
			agui()
				.filter((event) => event.problem)
				.map((event) => event.name)
		).toEqual(['ACTIVITY_DELTA', 'TOOL_CALL_ARGS']);
		expect(memory.activities.get('a1')?.content).toEqual({ operations: [] });
		expect(JSON.stringify(agui()).length).toBeLessThan(100_000);
	});

	it('stops a run that floods events, and lists only the first ones', () => {
		const { assembler, agui } = setup();
		expect(() => {
			for (let index = 0; index <= aguiLimits.events; index++) assembler.push({ type: 'STEP_STARTED', stepName: 's' });
		}).toThrow(/more than 20000 events/);
		expect(agui().length).toBe(aguiLimits.reported + 1);
	});

	it('keeps cut-off arguments as invalid arguments the loop answers with an error', () => {
		const { assembler } = setup();
		assembler.push({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'autoui_webmcp_widget_display' });
		assembler.push({ type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{"type":' });
		const [call] = assembler.finish().content;
		expect(call).toMatchObject({ type: 'tool_use', input: {}, invalidArguments: { raw: '{"type":' } });
	});

	it('applies activity deltas to the activity snapshot', () => {
		const { assembler, memory } = setup();
		assembler.push({
			type: 'ACTIVITY_SNAPSHOT',
			messageId: 'a',
			activityType: 'a2ui-surface',
			content: { operations: [] }
		});
		assembler.push({
			type: 'ACTIVITY_DELTA',
			messageId: 'a',
			activityType: 'a2ui-surface',
			patch: [{ op: 'add', path: '/operations/-', value: { x: 1 } }]
		});
		expect(memory.activities.get('a')).toEqual({ activityType: 'a2ui-surface', content: { operations: [{ x: 1 }] } });
	});
});

describe('applyPatch', () => {
	it('is all or nothing', () => {
		const document = { a: 1 };
		expect(() =>
			applyPatch(document, [
				{ op: 'replace', path: '/a', value: 2 },
				{ op: 'remove', path: '/b' }
			])
		).toThrow();
		expect(document).toEqual({ a: 1 });
		expect(
			applyPatch(document, [
				{ op: 'move', from: '/a', path: '/b' },
				{ op: 'test', path: '/b', value: 1 }
			])
		).toEqual({ b: 1 });
	});
});
