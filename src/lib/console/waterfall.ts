/**
 * The waterfall of one turn: a bar per tool call on a shared time axis (so parallel calls
 * overlap visibly and the slow server stands out), plus a band per provider request from
 * request to response. Times are ms from the turn's first event. With an AG-UI agent, each
 * band is one run (its run id), and the tools the agent runs itself are bars of server `agent`.
 */
import type { AgentEvent } from '$lib/agent';
import type { EntryStatus } from './entries';

/** One tool call's bar. */
export interface WaterfallBar {
	callId: string;
	server?: string;
	tool: string;
	iteration: number;
	start: number;
	end: number;
	status: Extract<EntryStatus, 'ok' | 'error' | 'running' | 'pending' | 'cancelled'>;
}

/** One provider request (waiting for the model). */
export interface WaterfallBand {
	iteration: number;
	start: number;
	end: number;
	/** Still waiting for the response. */
	open: boolean;
	/** The AG-UI run this request was (provider `agui`). */
	runId?: string;
}

/** Everything the waterfall view draws for one turn. */
export interface WaterfallData {
	turnId: string;
	/** Epoch ms of time 0. */
	origin: number;
	/** Length of the axis in ms (at least 1). */
	span: number;
	bars: WaterfallBar[];
	bands: WaterfallBand[];
}

/** The turn ids that appear in `events`, in order. */
export function turnIds(events: readonly AgentEvent[]): string[] {
	const seen = new Set<string>();
	for (const event of events) seen.add(event.turnId);
	return [...seen];
}

/**
 * The waterfall of `turnId`. Calls still running (or waiting for approval) end at `now`
 * when the turn is live, or at the turn's end when it finished without them.
 */
export function buildWaterfall(events: readonly AgentEvent[], turnId: string, now = Date.now()): WaterfallData {
	let origin = Infinity;
	let last = -Infinity;
	let doneAt: number | null = null;
	const bars = new Map<string, WaterfallBar & { at: number }>();
	const bands = new Map<number, { at: number; end: number | null; runId?: string }>();
	for (const event of events) {
		if (event.turnId !== turnId) continue;
		origin = Math.min(origin, event.at);
		last = Math.max(last, event.at);
		switch (event.type) {
			case 'request':
				bands.set(event.iteration, { at: event.at, end: null });
				break;
			case 'response': {
				const band = bands.get(event.iteration);
				if (band) band.end = event.at;
				break;
			}
			case 'tool-call':
				bars.set(event.callId, {
					callId: event.callId,
					server: event.server,
					tool: event.tool ?? event.resolvedName,
					iteration: event.iteration,
					at: event.at,
					start: 0,
					end: 0,
					status: 'running'
				});
				break;
			case 'approval-request': {
				const bar = bars.get(event.callId);
				if (bar) bar.status = 'pending';
				break;
			}
			case 'approval-decision': {
				const bar = bars.get(event.callId);
				if (bar) bar.status = event.decision === 'deny' ? 'error' : 'running';
				if (bar && event.decision === 'deny') bar.end = event.at;
				break;
			}
			case 'tool-result':
			case 'tool-error': {
				const bar = bars.get(event.callId);
				if (!bar) break;
				bar.status = event.type === 'tool-error' ? 'error' : 'ok';
				// elapsedMs is measured by the dispatcher; the event time can lag it slightly.
				bar.end = bar.at + event.elapsedMs;
				break;
			}
			case 'agui':
				agentRun(event, bars, bands);
				break;
			case 'done':
				doneAt = event.at;
				break;
		}
	}
	if (origin === Infinity) return { turnId, origin: now, span: 1, bars: [], bands: [] };
	const liveEnd = doneAt ?? Math.max(now, last);
	const outBars: WaterfallBar[] = [];
	for (const bar of bars.values()) {
		const open = bar.status === 'running' || bar.status === 'pending';
		if (open && doneAt !== null) bar.status = 'cancelled';
		const end = open ? liveEnd : Math.max(bar.end, bar.at);
		outBars.push({
			callId: bar.callId,
			server: bar.server,
			tool: bar.tool,
			iteration: bar.iteration,
			status: bar.status,
			start: bar.at - origin,
			end: end - origin
		});
	}
	outBars.sort((a, b) => a.start - b.start);
	const outBands = [...bands].map(([iteration, band]) => ({
		iteration,
		start: band.at - origin,
		end: (band.end ?? liveEnd) - origin,
		open: band.end === null,
		...(band.runId ? { runId: band.runId } : {})
	}));
	const span = Math.max(1, liveEnd - origin, ...outBars.map((bar) => bar.end), ...outBands.map((band) => band.end));
	return { turnId, origin, span, bars: outBars, bands: outBands };
}

/** An AG-UI event: the run id of its request's band, and the agent's own tool calls as bars. */
function agentRun(
	event: Extract<AgentEvent, { type: 'agui' }>,
	bars: Map<string, WaterfallBar & { at: number }>,
	bands: Map<number, { at: number; end: number | null; runId?: string }>
): void {
	const data = (event.data ?? {}) as { toolCallId?: string; toolName?: string; frontend?: boolean };
	if (event.name === 'RUN_STARTED' && event.runId) {
		const band = bands.get(event.iteration);
		if (band) band.runId = event.runId;
	} else if (event.name === 'TOOL_CALL_START' && data.frontend === false && data.toolCallId) {
		bars.set(data.toolCallId, {
			callId: data.toolCallId,
			server: 'agent',
			tool: data.toolName ?? 'tool',
			iteration: event.iteration,
			at: event.at,
			start: 0,
			end: 0,
			status: 'running'
		});
	} else if (event.name === 'TOOL_CALL_RESULT' && data.toolCallId) {
		const bar = bars.get(data.toolCallId);
		if (bar?.server === 'agent') {
			bar.status = 'ok';
			bar.end = event.at;
		}
	}
}

/** Round tick positions (ms) for an axis of `span` ms, about `count` of them. */
export function axisTicks(span: number, count = 5): number[] {
	const raw = span / Math.max(1, count);
	const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
	const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw) ?? raw;
	const ticks: number[] = [];
	for (let t = 0; t <= span + 1e-9; t += step) ticks.push(t);
	return ticks;
}
