/**
 * Session traces: a JSON file with the events, per-turn timings and token counts, redacted
 * deeply so no key, auth header or token leaves the app; and the validating reader that
 * loads such a file back (read-only) into the console. A bad file gives an AutoUiError
 * (`invalid_argument`) whose message says exactly what is wrong.
 */
import type { AgentEvent, AgentEventType, DoneReason, Usage } from '$lib/agent';
import { AutoUiError, isPlainObject } from '$lib/shared';
import { computeMetrics } from './metrics';
import { redactDeep } from './redact';

/** The `format` marker of a trace file. */
export const traceFormat = 'autoui-trace';
/** The trace version this app writes and reads. */
export const traceVersion = 1;
/** Largest trace file accepted, in characters. */
export const maxTraceChars = 50_000_000;

/** Timing of one turn in a trace. */
export interface TurnTiming {
	turnId: string;
	startedAt: number;
	elapsedMs: number | null;
	reason: DoneReason | null;
	iterations: number;
	toolCalls: number;
	usage: Usage | null;
}

/** The summary written next to the events. */
export interface TraceSummary {
	startedAt: number | null;
	endedAt: number | null;
	turns: TurnTiming[];
	iterations: number;
	toolCalls: number;
	errors: number;
	usage: Usage;
	models: string[];
}

/** One tool as a server listed it (MCP shape). */
export interface TraceTool {
	name: string;
	title?: string;
	description?: string;
	inputSchema?: unknown;
	outputSchema?: unknown;
	annotations?: object;
}

/** A remote server at export time: its address, protocol revision and tool list (for replay). */
export interface TraceServer {
	url?: string;
	protocolVersion?: string;
	tools: TraceTool[];
}

/** A trace file. */
export interface TraceFile {
	format: typeof traceFormat;
	version: typeof traceVersion;
	exportedAt: string;
	summary: TraceSummary;
	events: AgentEvent[];
	/** The remote servers by display name (absent in files from before replay). */
	servers?: Record<string, TraceServer>;
}

/** Options for {@link buildTrace}. */
export interface TraceOptions {
	/** Exact secret values to scrub wherever they appear (e.g. the configured API key). */
	secrets?: readonly string[];
	now?: Date;
	/** The remote servers, by display name: written as `servers`. */
	servers?: Record<string, TraceServer>;
}

function summarise(events: readonly AgentEvent[]): TraceSummary {
	const metrics = computeMetrics(events);
	const turns = new Map<string, TurnTiming>();
	const models = new Set<string>();
	for (const event of events) {
		if (event.type === 'turn-start')
			turns.set(event.turnId, {
				turnId: event.turnId,
				startedAt: event.at,
				elapsedMs: null,
				reason: null,
				iterations: 0,
				toolCalls: 0,
				usage: null
			});
		else if (event.type === 'response') models.add(event.model);
		else if (event.type === 'done') {
			const turn = turns.get(event.turnId);
			if (turn)
				Object.assign(turn, {
					elapsedMs: event.elapsedMs,
					reason: event.reason,
					iterations: event.iterations,
					toolCalls: event.toolCalls,
					usage: event.usage
				});
		}
	}
	return {
		startedAt: events[0]?.at ?? null,
		endedAt: events.at(-1)?.at ?? null,
		turns: [...turns.values()],
		iterations: metrics.iterations,
		toolCalls: metrics.toolCalls,
		errors: metrics.errors,
		usage: metrics.usage,
		models: [...models]
	};
}

function traceServers(servers: Record<string, TraceServer>): Record<string, TraceServer> {
	const keep = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;
	return Object.fromEntries(
		Object.entries(servers).map(([name, server]) => [
			name,
			{
				...(server.url ? { url: server.url } : {}),
				...(server.protocolVersion ? { protocolVersion: server.protocolVersion } : {}),
				tools: server.tools.map(
					(tool) =>
						Object.fromEntries(
							keep.filter((key) => tool[key] !== undefined).map((key) => [key, tool[key]])
						) as unknown as TraceTool
				)
			}
		])
	);
}

/** A redacted trace of `events`. */
export function buildTrace(events: readonly AgentEvent[], options: TraceOptions = {}): TraceFile {
	return redactDeep(
		{
			format: traceFormat,
			version: traceVersion,
			exportedAt: (options.now ?? new Date()).toISOString(),
			summary: summarise(events),
			events: [...events],
			...(options.servers ? { servers: traceServers(options.servers) } : {})
		},
		options.secrets
	);
}

/** The trace as the text of a file (pretty-printed, so it diffs and reads well). */
export function serializeTrace(trace: TraceFile): string {
	return `${JSON.stringify(trace, null, 1)}\n`;
}

/** A file name for a trace exported at `date`: `autoui-trace-2025-01-31T10-20-30.json`. */
export function traceFileName(date = new Date()): string {
	return `autoui-trace-${date.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
}

type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'number|null';

const common: Record<string, FieldType> = { at: 'number', turnId: 'string' };
const callFields: Record<string, FieldType> = {
	iteration: 'number',
	callId: 'string',
	name: 'string',
	resolvedName: 'string'
};

/** Required fields of each event type: enough for the console and chat to render it. */
const required: Record<AgentEventType, Record<string, FieldType>> = {
	'turn-start': { text: 'string' },
	request: {
		iteration: 'number',
		provider: 'string',
		model: 'string',
		system: 'string',
		tools: 'array',
		messages: 'array'
	},
	'text-delta': { iteration: 'number', text: 'string' },
	'tool-input-delta': { iteration: 'number', callId: 'string', name: 'string', json: 'string' },
	response: {
		iteration: 'number',
		stopReason: 'string',
		usage: 'object',
		ttftMs: 'number|null',
		latencyMs: 'number',
		model: 'string',
		toolCalls: 'number'
	},
	retry: { iteration: 'number', attempt: 'number', delayMs: 'number', reason: 'string' },
	'tool-call': { ...callFields, args: 'object', guided: 'boolean' },
	'tool-progress': { ...callFields, progress: 'number' },
	'task-status': { ...callFields, taskId: 'string', status: 'string' },
	'tool-result': {
		...callFields,
		result: 'string',
		elapsedMs: 'number',
		size: 'number',
		truncated: 'boolean',
		recallId: 'string'
	},
	'tool-error': { ...callFields, error: 'string', code: 'string', result: 'string', elapsedMs: 'number' },
	activation: { iteration: 'number', server: 'string', protocol: 'string', tools: 'array', scope: 'string' },
	compression: { iteration: 'number', callIds: 'array', charsBefore: 'number', charsAfter: 'number' },
	'schema-patch': { tool: 'string', patches: 'array' },
	'approval-request': { ...callFields, args: 'object', reason: 'string' },
	'approval-decision': { ...callFields, decision: 'string' },
	warning: { code: 'string', message: 'string' },
	error: { code: 'string', message: 'string' },
	done: { reason: 'string', iterations: 'number', toolCalls: 'number', usage: 'object', elapsedMs: 'number' },
	'server-log': { server: 'string', messages: 'array', dropped: 'number' },
	'surface-update': { iteration: 'number', key: 'string', messages: 'array' },
	'state-change': { iteration: 'number' },
	'view-open': { iteration: 'number', key: 'string', view: 'object' },
	'server-request': { requestId: 'string', server: 'string', method: 'string', params: 'object' },
	'server-response': {
		requestId: 'string',
		server: 'string',
		method: 'string',
		decision: 'string',
		elapsedMs: 'number'
	},
	'app-view': {
		widgetId: 'string',
		server: 'string',
		method: 'string',
		direction: 'string',
		status: 'string',
		detail: 'string'
	},
	agui: { iteration: 'number', name: 'string', detail: 'string' }
};

const usageFields = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

function hasType(value: unknown, type: FieldType): boolean {
	switch (type) {
		case 'array':
			return Array.isArray(value);
		case 'object':
			return isPlainObject(value);
		case 'number|null':
			return value === null || (typeof value === 'number' && Number.isFinite(value));
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		default:
			return typeof value === type;
	}
}

function invalid(message: string): AutoUiError {
	return new AutoUiError('invalid_argument', `This trace file cannot be loaded: ${message}`);
}

/** Checks one event; returns what is wrong, or null. */
export function checkEvent(value: unknown): string | null {
	if (!isPlainObject(value)) return 'it is not an object';
	const type = value.type;
	if (typeof type !== 'string' || !(type in required)) return `unknown type ${JSON.stringify(type)}`;
	const fields = { ...common, ...required[type as AgentEventType] };
	for (const [field, fieldType] of Object.entries(fields)) {
		if (!hasType(value[field], fieldType)) return `"${type}" needs "${field}" (${fieldType.replace('|', ' or ')})`;
	}
	for (const key of ['usage'] as const) {
		const usage = value[key];
		if (usage === undefined) continue;
		for (const field of usageFields)
			if (!hasType((usage as Record<string, unknown>)[field], 'number'))
				return `"${type}" needs "usage.${field}" (number)`;
	}
	return null;
}

/**
 * Reads a trace file's text. Throws AutoUiError `invalid_argument` with a message that
 * names the problem: not JSON, not a trace, a newer version, or the first invalid event.
 */
export function parseTrace(text: string): TraceFile {
	if (text.length > maxTraceChars)
		throw invalid(`it is ${Math.round(text.length / 1e6)} MB; the limit is ${maxTraceChars / 1e6} MB.`);
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		throw invalid(`it is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
	}
	if (!isPlainObject(data) || data.format !== traceFormat)
		throw invalid(
			`it is not an AutoUI trace (expected "format": "${traceFormat}"). Export one from the console's Export button.`
		);
	if (data.version !== traceVersion)
		throw invalid(
			typeof data.version === 'number' && data.version > traceVersion
				? `it was written by a newer version (${data.version}); this app reads version ${traceVersion}.`
				: `unsupported version ${JSON.stringify(data.version)}.`
		);
	if (!Array.isArray(data.events)) throw invalid('it has no "events" list.');
	for (let i = 0; i < data.events.length; i++) {
		const problem = checkEvent(data.events[i]);
		if (problem) throw invalid(`event ${i + 1} of ${data.events.length} is invalid: ${problem}.`);
	}
	// Streaming arguments are transient (the tool-call has them whole): an import drops them.
	const events = (data.events as AgentEvent[]).filter((event) => event.type !== 'tool-input-delta');
	return {
		format: traceFormat,
		version: traceVersion,
		exportedAt: typeof data.exportedAt === 'string' ? data.exportedAt : '',
		summary: isPlainObject(data.summary) ? (data.summary as unknown as TraceSummary) : summarise(events),
		events,
		...(isPlainObject(data.servers) ? { servers: data.servers as unknown as Record<string, TraceServer> } : {})
	};
}
