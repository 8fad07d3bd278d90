import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { buildTrace, checkEvent, parseTrace, serializeTrace } from './trace';

const events: AgentEvent[] = [
	{ type: 'turn-start', at: 1, turnId: 't1', text: 'Show the map' },
	{
		type: 'tool-input-delta',
		at: 2,
		turnId: 't1',
		iteration: 1,
		callId: 'c1',
		name: 'maps_mcp_show',
		json: '{"city":"Ams'
	},
	{
		type: 'done',
		at: 3,
		turnId: 't1',
		reason: 'end_turn',
		iterations: 1,
		toolCalls: 0,
		usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
		elapsedMs: 2
	}
];

describe('streaming-call events in traces', () => {
	it('are valid events, but an import drops them (the tool-call holds the whole arguments)', () => {
		expect(checkEvent(events[1])).toBeNull();
		expect(checkEvent({ ...events[1], json: 3 })).toMatch(/"json"/);
		const parsed = parseTrace(serializeTrace(buildTrace(events, { now: new Date(0) })));
		expect(parsed.events.map((event) => event.type)).toEqual(['turn-start', 'done']);
	});
});
