/**
 * What the checks read of one turn, from the conversation's events and the canvas records:
 * the model's tool calls (source calls of a display included), the answer's text, tokens,
 * time, and each widget the turn displayed with the rows behind it. Pure: the page adds
 * whether each widget was drawn.
 */
import type { AgentEvent } from '$lib/agent/events';
import type { WidgetRecord } from '$lib/canvas/types';
import type { EvalToolCall, EvalWidget, RunRecord } from './types';
import { rowsBehind } from './widget-rows';

/** The events of the turn `turnId` (or of the last turn). */
export function turnEvents(events: readonly AgentEvent[], turnId?: string): AgentEvent[] {
	const id = turnId ?? events.findLast((event) => event.type === 'turn-start')?.turnId;
	return id ? events.filter((event) => event.turnId === id) : [];
}

const byModel = (event: { origin?: string }) => event.origin === undefined || event.origin === 'model';

/** The record of one turn; widgets are marked drawn by `drawn(id)` (the page looks at the canvas). */
export function turnRecord(
	events: readonly AgentEvent[],
	widgets: readonly WidgetRecord[],
	drawn: (id: string) => { drawn: boolean; problem?: string } = () => ({ drawn: true })
): Omit<RunRecord, 'unreachable'> {
	const start = events.find((event) => event.type === 'turn-start');
	const startedAt = start?.at ?? events[0]?.at ?? 0;
	const errors = new Map<string, string>();
	for (const event of events) if (event.type === 'tool-error' && byModel(event)) errors.set(event.callId, event.error);
	const toolCalls: EvalToolCall[] = [];
	for (const event of events) {
		if (event.type !== 'tool-call' || !byModel(event)) continue;
		const call: EvalToolCall = { tool: event.tool ?? event.resolvedName, args: event.args };
		if (event.server) call.server = event.server;
		const error = errors.get(event.callId);
		if (error !== undefined) call.error = error;
		toolCalls.push(call);
	}
	const texts = new Map<number, string>();
	for (const event of events)
		if (event.type === 'text-delta') texts.set(event.iteration, (texts.get(event.iteration) ?? '') + event.text);
	const last = Math.max(
		-1,
		...[...events].filter((event) => event.type === 'response').map((event) => event.iteration)
	);
	const done = events.findLast((event) => event.type === 'done');
	const error = events.findLast((event) => event.type === 'error');
	const shown: EvalWidget[] = [];
	for (const event of events) {
		if (event.type !== 'tool-result' || !event.widgetId || shown.some((widget) => widget.id === event.widgetId))
			continue;
		const record = widgets.find((widget) => widget.id === event.widgetId);
		if (!record) {
			shown.push({
				id: event.widgetId,
				type: 'unknown',
				drawn: false,
				problem: 'removed from the canvas',
				latencyMs: event.at - startedAt
			});
			continue;
		}
		const seen = drawn(record.id);
		const widget: EvalWidget = { id: record.id, type: record.type, drawn: seen.drawn, latencyMs: event.at - startedAt };
		if (seen.problem) widget.problem = seen.problem;
		const rows = rowsBehind(record);
		if (rows) widget.rows = rows;
		shown.push(widget);
	}
	const usage = done?.type === 'done' ? done.usage : undefined;
	return {
		toolCalls,
		finalText: texts.get(last) ?? '',
		text: [...texts.entries()]
			.sort(([a], [b]) => a - b)
			.map(([, text]) => text)
			.join('\n'),
		widgets: shown,
		tokens: {
			input: usage ? usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens : 0,
			output: usage?.outputTokens ?? 0
		},
		modelMs: events.reduce((sum, event) => sum + (event.type === 'response' ? event.latencyMs : 0), 0),
		ms: done?.type === 'done' ? done.elapsedMs : (events.at(-1)?.at ?? startedAt) - startedAt,
		doneReason: done?.type === 'done' ? done.reason : 'error',
		...(error?.type === 'error' ? { error: { code: error.code, message: error.message } } : {})
	};
}
