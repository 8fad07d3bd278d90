/**
 * A small, realistic AgentEvent session builder: one turn with streamed text, parallel tool
 * calls on two servers, an approval, a retry and a done marker. Unit tests, the benchmark
 * and visual checks use it so the console and chat can be exercised without a live agent.
 */
import type { AgentEvent, Usage } from '$lib/agent';

const noUsage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

/** Options for {@link sampleTurn}. */
export interface SampleTurnOptions {
	turnId?: string;
	/** Epoch ms of the turn's first event. */
	start?: number;
	text?: string;
	model?: string;
	/** Makes the second data call fail with an MCP error. */
	withToolError?: boolean;
}

/**
 * Events of one complete turn: request → text → two parallel data calls (one slow) →
 * a widget call → second request → final text → done. Times are deterministic.
 */
export function sampleTurn(options: SampleTurnOptions = {}): AgentEvent[] {
	const turnId = options.turnId ?? 't1';
	const t = options.start ?? 1_700_000_000_000;
	const model = options.model ?? 'claude-sonnet-4-5';
	const usage1: Usage = { inputTokens: 1200, outputTokens: 80, cacheReadTokens: 3000, cacheWriteTokens: 0 };
	const usage2: Usage = { inputTokens: 2400, outputTokens: 150, cacheReadTokens: 3000, cacheWriteTokens: 0 };
	const call = (callId: string, server: string, tool: string) => ({
		turnId,
		iteration: 1,
		callId,
		name: `${server}_mcp_${tool}`,
		resolvedName: `${server}_mcp_${tool}`,
		server,
		protocol: 'mcp' as const,
		tool
	});
	const c1 = call(`${turnId}-c1`, 'datasets', 'query');
	const c2 = call(`${turnId}-c2`, 'weather', 'forecast');
	const widget = {
		...call(`${turnId}-c3`, 'autoui', 'widget_display'),
		iteration: 2,
		protocol: 'webmcp' as const,
		name: 'autoui_webmcp_widget_display',
		resolvedName: 'autoui_webmcp_widget_display'
	};
	const events: AgentEvent[] = [
		{ type: 'turn-start', at: t, turnId, text: options.text ?? 'Show sales by region' },
		{
			type: 'schema-patch',
			at: t + 1,
			turnId,
			tool: 'datasets_mcp_query',
			patches: [{ tool: 'datasets_mcp_query', path: '/properties/limit', change: 'removed "format": "int32"' }]
		},
		{
			type: 'request',
			at: t + 2,
			turnId,
			iteration: 1,
			provider: 'anthropic',
			model,
			system: 'You are AutoUI.',
			tools: [{ name: 'datasets_mcp_query', description: 'Run SQL', input_schema: { type: 'object' } }],
			messages: [{ role: 'user', content: [{ type: 'text', text: options.text ?? 'Show sales by region' }] }]
		},
		{ type: 'retry', at: t + 100, turnId, iteration: 1, attempt: 1, delayMs: 500, reason: 'overloaded', status: 529 },
		{ type: 'text-delta', at: t + 700, turnId, iteration: 1, text: 'Let me ' },
		{ type: 'text-delta', at: t + 720, turnId, iteration: 1, text: 'look that up.' },
		{
			type: 'response',
			at: t + 900,
			turnId,
			iteration: 1,
			stopReason: 'tool_use',
			usage: usage1,
			ttftMs: 200,
			latencyMs: 898,
			model,
			toolCalls: 2
		},
		{
			type: 'activation',
			at: t + 901,
			turnId,
			iteration: 1,
			server: 'datasets',
			protocol: 'mcp',
			tools: ['datasets_mcp_query'],
			scope: 'server'
		},
		{
			type: 'tool-call',
			at: t + 910,
			...c1,
			args: { sql: 'select region, sum(sales) from orders group by 1' },
			guided: true
		},
		{ type: 'tool-call', at: t + 912, ...c2, args: { city: 'Paris' }, guided: false },
		{ type: 'tool-progress', at: t + 1000, ...c1, progress: 1, total: 2 },
		options.withToolError
			? {
					type: 'tool-error',
					at: t + 1300,
					...c2,
					error: 'server unreachable',
					code: 'mcp_unreachable',
					result: 'Error: server unreachable',
					elapsedMs: 388
				}
			: {
					type: 'tool-result',
					at: t + 1300,
					...c2,
					result: '{"temp":18}',
					elapsedMs: 388,
					size: 11,
					truncated: false,
					recallId: c2.callId
				},
		{
			type: 'tool-result',
			at: t + 2900,
			...c1,
			result: '[{"region":"EU","sales":10}]',
			elapsedMs: 1990,
			size: 5000,
			truncated: true,
			recallId: c1.callId
		},
		{
			type: 'request',
			at: t + 2905,
			turnId,
			iteration: 2,
			provider: 'anthropic',
			model,
			system: 'You are AutoUI.',
			tools: [],
			messages: []
		},
		{
			type: 'response',
			at: t + 3500,
			turnId,
			iteration: 2,
			stopReason: 'tool_use',
			usage: usage2,
			ttftMs: 150,
			latencyMs: 595,
			model,
			toolCalls: 1
		},
		{ type: 'tool-call', at: t + 3510, ...widget, args: { name: 'table', params: { rows: [] } }, guided: true },
		{
			type: 'tool-result',
			at: t + 3530,
			...widget,
			result: '{"id":"w_abc123"}',
			elapsedMs: 20,
			size: 17,
			truncated: false,
			recallId: widget.callId,
			widgetId: 'w_abc123'
		},
		{
			type: 'request',
			at: t + 3535,
			turnId,
			iteration: 3,
			provider: 'anthropic',
			model,
			system: 'You are AutoUI.',
			tools: [],
			messages: []
		},
		{ type: 'text-delta', at: t + 3700, turnId, iteration: 3, text: 'Here is **the table**.' },
		{
			type: 'response',
			at: t + 3800,
			turnId,
			iteration: 3,
			stopReason: 'end_turn',
			usage: { ...usage2, outputTokens: 20 },
			ttftMs: 165,
			latencyMs: 265,
			model,
			toolCalls: 0
		},
		{
			type: 'done',
			at: t + 3801,
			turnId,
			reason: 'end_turn',
			iterations: 3,
			toolCalls: 3,
			usage: { inputTokens: 6000, outputTokens: 250, cacheReadTokens: 9000, cacheWriteTokens: 0 },
			elapsedMs: 3801
		}
	];
	return events;
}

/**
 * A long session of `turns` sample turns, one after another, for benchmarks and scrolling
 * checks. Each turn has 21 events and 18 console entries.
 */
export function sampleSession(turns: number, start = 1_700_000_000_000): AgentEvent[] {
	const events: AgentEvent[] = [];
	for (let i = 0; i < turns; i++) {
		events.push(
			...sampleTurn({
				turnId: `t${i + 1}`,
				start: start + i * 10_000,
				withToolError: i % 3 === 2,
				text: `Question ${i + 1}`
			})
		);
	}
	return events;
}

/** A done event with empty usage, for tests that end a turn early. */
export function doneEvent(
	turnId: string,
	at: number,
	reason: 'end_turn' | 'aborted' | 'error' = 'end_turn'
): AgentEvent {
	return { type: 'done', at, turnId, reason, iterations: 1, toolCalls: 0, usage: noUsage, elapsedMs: 0 };
}

/**
 * Feeds `events` to `sync` as a live session grows: one array, appended `batch` events at a
 * time, handed over after each append (views must process only what was appended).
 */
export function appendInBatches(
	events: readonly AgentEvent[],
	batch: number,
	sync: (growing: AgentEvent[]) => void
): void {
	const growing: AgentEvent[] = [];
	for (let i = 0; i < events.length; i += batch) {
		growing.push(...events.slice(i, i + batch));
		sync(growing);
	}
}
