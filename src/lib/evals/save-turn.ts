/**
 * "Save this turn as a test": a finished turn becomes a test that expects what it did — its
 * prompt, the tools it called, each widget it drew as `widgetRendered`, and the rows of a widget
 * fed by a `query_sql` source as `rowsMatch` with the source's own query.
 */
import type { AgentEvent } from '$lib/agent/events';
import type { WidgetRecord } from '$lib/canvas/types';
import type { Check, EvalTest } from './types';

/** A prefixed tool name → its server and own name (the page's registry). */
export type ToolLookup = (name: string) => { server: string; tool: string } | undefined;

const displayTools = new Set(['widget_display', 'canvas']);

/** The test a turn passes, or why it cannot become one. */
export function testFromTurn(
	events: readonly AgentEvent[],
	widgets: readonly WidgetRecord[],
	lookup: ToolLookup,
	existingIds: readonly string[] = []
): EvalTest | { error: string } {
	const start = events.find((event) => event.type === 'turn-start');
	if (!start || start.type !== 'turn-start') return { error: 'this turn has no question' };
	const done = events.find((event) => event.type === 'done');
	if (!done || done.type !== 'done') return { error: 'this turn has not finished; save it once it has' };
	const calls = events.filter((event) => event.type === 'tool-call' && (event.origin ?? 'model') === 'model');
	const expectedTools: string[] = [];
	const servers = new Set<string>();
	for (const call of calls) {
		if (call.type !== 'tool-call' || !call.tool) continue;
		if (call.protocol === 'mcp' && call.server) servers.add(call.server === 'datasets' ? 'datasets' : call.server);
		if (call.protocol === 'webmcp' && displayTools.has(call.tool)) continue;
		if (!expectedTools.includes(call.tool)) expectedTools.push(call.tool);
	}
	const checks: Check[] = [];
	const ids = new Set(
		events.flatMap((event) => (event.type === 'tool-result' && event.widgetId ? [event.widgetId] : []))
	);
	for (const record of widgets.filter((widget) => ids.has(widget.id))) {
		if (!checks.some((check) => check.check === 'widgetRendered' && check.type === record.type))
			checks.push({ check: 'widgetRendered', type: record.type });
		const source = record.source ? lookup(record.source.tool) : undefined;
		const sql = record.source?.args.sql;
		if (source?.tool === 'query_sql' && typeof sql === 'string' && !record.source?.args.params)
			checks.push({ check: 'rowsMatch', server: source.server, sql });
	}
	checks.push({ check: 'noToolErrors' }, { check: 'finalMessage' });
	const base =
		start.text
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.slice(0, 40) || 'turn';
	let id = base;
	for (let n = 2; existingIds.includes(id); n++) id = `${base}-${n}`;
	return {
		title: start.text.length > 80 ? `${start.text.slice(0, 77)}…` : start.text,
		id,
		prompt: start.text,
		expectedTools,
		selectedServers: [...servers].sort(),
		runs: 1,
		checks
	};
}
