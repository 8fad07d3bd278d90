import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { axisTicks, buildWaterfall, turnIds } from './waterfall';
import { doneEvent, sampleSession, sampleTurn } from './sample-events';

describe('buildWaterfall', () => {
	it('draws parallel calls overlapping on the turn time axis', () => {
		const data = buildWaterfall(sampleTurn(), 't1');
		expect(data.bars.map((bar) => [bar.tool, bar.start, bar.end, bar.status])).toEqual([
			['query', 910, 2900, 'ok'],
			['forecast', 912, 1300, 'ok'],
			['widget_display', 3510, 3530, 'ok']
		]);
		const [query, forecast] = data.bars;
		expect(forecast.start < query.end && query.start < forecast.end).toBe(true);
		expect(data.span).toBe(3801);
		expect(data.bands.map((band) => [band.iteration, band.start, band.end])).toEqual([
			[1, 2, 900],
			[2, 2905, 3500],
			[3, 3535, 3800]
		]);
	});

	it('shows only the chosen turn', () => {
		const data = buildWaterfall(sampleSession(3), 't2');
		expect(data.bars.map((bar) => bar.callId)).toEqual(['t2-c1', 't2-c2', 't2-c3']);
		expect(data.origin).toBe(1_700_000_010_000);
		expect(turnIds(sampleSession(3))).toEqual(['t1', 't2', 't3']);
	});

	it('extends running calls to now, and marks them cancelled when the turn ended', () => {
		const call = {
			turnId: 't',
			iteration: 1,
			callId: 'c',
			name: 'a_mcp_b',
			resolvedName: 'a_mcp_b',
			server: 'a',
			tool: 'b'
		};
		const events: AgentEvent[] = [
			{ type: 'turn-start', at: 1000, turnId: 't', text: 'q' },
			{ type: 'tool-call', at: 1100, ...call, args: {}, guided: false }
		];
		expect(buildWaterfall(events, 't', 1500).bars[0]).toMatchObject({ start: 100, end: 500, status: 'running' });
		expect(buildWaterfall([...events, doneEvent('t', 1300, 'aborted')], 't', 9999).bars[0]).toMatchObject({
			end: 300,
			status: 'cancelled'
		});
	});

	it('is empty for an unknown turn', () => {
		expect(buildWaterfall(sampleTurn(), 'nope', 5).bars).toEqual([]);
	});
});

describe('axisTicks', () => {
	it('picks round steps', () => {
		expect(axisTicks(3801)).toEqual([0, 1000, 2000, 3000]);
		expect(axisTicks(100, 4)).toEqual([0, 50, 100]);
	});

	it("shows each AG-UI run as its request's band, and the agent's own tool calls as bars of server agent", () => {
		const at = 1_700_000_000_000;
		const base = { turnId: 't1', iteration: 1 };
		const agui = (offset: number, name: string, extra: Record<string, unknown> = {}): AgentEvent => ({
			...base,
			at: at + offset,
			type: 'agui',
			name,
			detail: '',
			...extra
		});
		const events: AgentEvent[] = [
			{ ...base, at, type: 'turn-start', text: 'Hi' } as AgentEvent,
			{ ...base, at: at + 1, type: 'request', body: {} } as unknown as AgentEvent,
			agui(5, 'RUN_STARTED', { runId: 'run-7' }),
			agui(10, 'TOOL_CALL_START', { data: { toolCallId: 'b1', toolName: 'search', frontend: false } }),
			agui(20, 'TOOL_CALL_START', { data: { toolCallId: 'f1', toolName: 'widget_display', frontend: true } }),
			agui(60, 'TOOL_CALL_RESULT', { data: { toolCallId: 'b1', content: 'hits' } }),
			{ ...base, at: at + 80, type: 'response' } as unknown as AgentEvent
		];
		const data = buildWaterfall(events, 't1', at + 100);
		expect(data.bands).toMatchObject([{ iteration: 1, start: 1, end: 80, runId: 'run-7' }]);
		expect(data.bars.map((bar) => [bar.server, bar.tool, bar.start, bar.end, bar.status])).toEqual([
			['agent', 'search', 10, 60, 'ok']
		]);
	});
});
