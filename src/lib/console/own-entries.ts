/**
 * Console rows that one event makes on its own, without the log's state: provider responses,
 * retries, activations, compressions, schema patches, warnings, errors, app-view messages,
 * task state changes, AG-UI events and the end of a turn; and the summaries and call fields the log's other rows share.
 */
import type {
	AgentEvent,
	RequestEvent,
	ToolCallEvent,
	ToolResultEvent,
	ToolErrorEvent,
	ApprovalRequestEvent,
	ApprovalDecisionEvent,
	TaskStatusEvent
} from '$lib/agent';
import { maxSearchChars, type ConsoleEntry } from './entry';
import { formatDuration, preview, thousands } from './format';

/** An entry before the log gives it an id and a search haystack. */
export type EntryFields = Omit<ConsoleEntry, 'haystack' | 'id'>;

/** The fields every row of an event has. */
export interface EntryBase {
	at: number;
	turnId: string;
	eventIndex: number;
}

/** The fields a row of a tool call shares with the call's other rows. */
export function callFields(
	event:
		ToolCallEvent | ToolResultEvent | ToolErrorEvent | ApprovalRequestEvent | ApprovalDecisionEvent | TaskStatusEvent
) {
	return {
		turnId: event.turnId,
		iteration: event.iteration,
		// A View's own tools are attributed to the View, not to its server.
		server: event.protocol === 'app' && event.server ? `view of ${event.server}` : event.server,
		tool: event.tool ?? event.resolvedName,
		name: event.name,
		callId: event.callId
	};
}

/** The console status of each task state. */
const taskEntryStatus: Record<TaskStatusEvent['status'], ConsoleEntry['status']> = {
	working: 'running',
	input_required: 'pending',
	completed: 'ok',
	failed: 'error',
	cancelled: 'cancelled'
};

/** The summary of a provider request: provider, model, message and tool counts. */
export function requestSummary(event: RequestEvent): string {
	const messages = event.messages.length;
	const tools = event.tools.length;
	return `${event.provider} · ${event.model} · ${messages} message${messages === 1 ? '' : 's'} · ${tools} tool${tools === 1 ? '' : 's'}`;
}

/**
 * The row `event` adds by itself (with its extra searchable text), or undefined when the
 * event's rows depend on the log's state.
 */
export function ownEntry(event: AgentEvent, base: EntryBase): { entry: EntryFields; extra?: string } | undefined {
	switch (event.type) {
		case 'response': {
			const ttft = event.ttftMs === null ? '' : ` · first token ${formatDuration(event.ttftMs)}`;
			return {
				entry: {
					...base,
					kind: 'response',
					iteration: event.iteration,
					durationMs: event.latencyMs,
					tokens: event.usage,
					status: 'ok',
					summary: `${event.stopReason} · ${event.toolCalls} tool call${event.toolCalls === 1 ? '' : 's'}${ttft} · ${event.model}`
				}
			};
		}
		case 'retry':
			return {
				entry: {
					...base,
					kind: 'retry',
					iteration: event.iteration,
					durationMs: event.delayMs,
					status: 'warning',
					summary: `attempt ${event.attempt} in ${formatDuration(event.delayMs)}${event.status ? ` (HTTP ${event.status})` : ''}: ${event.reason}`
				}
			};
		case 'activation':
			return {
				entry: {
					...base,
					kind: 'activation',
					iteration: event.iteration,
					server: event.server,
					status: 'ok',
					summary: `${event.scope === 'server' ? 'server' : 'tools'} activated: ${event.tools.length} tool${event.tools.length === 1 ? '' : 's'} (${preview(event.tools.join(', '), 100)})`
				}
			};
		case 'compression':
			return {
				entry: {
					...base,
					kind: 'compression',
					iteration: event.iteration,
					status: 'ok',
					summary: `${event.callIds.length} result${event.callIds.length === 1 ? '' : 's'} compressed: ${thousands(event.charsBefore)} → ${thousands(event.charsAfter)} chars`
				}
			};
		case 'schema-patch':
			return {
				entry: {
					...base,
					kind: 'schema-patch',
					name: event.tool,
					tool: event.tool,
					status: 'ok',
					summary: `${event.patches.length} change${event.patches.length === 1 ? '' : 's'}: ${preview(event.patches.map((patch) => `${patch.path} ${patch.change}`).join('; '), 160)}`
				}
			};
		case 'warning':
			return {
				entry: {
					...base,
					kind: 'warning',
					callId: event.callId,
					status: 'warning',
					summary: `${event.code}: ${event.message}`
				}
			};
		case 'task-status':
			return {
				entry: {
					...base,
					...callFields(event),
					kind: 'task',
					status: taskEntryStatus[event.status],
					summary: `task ${event.taskId} ${event.status}${event.message ? `: ${preview(event.message, 160)}` : ''}`
				}
			};
		case 'error':
			return { entry: { ...base, kind: 'error', status: 'error', summary: `${event.code}: ${event.message}` } };
		case 'app-view':
			return {
				entry: {
					...base,
					kind: 'app-view',
					server: event.server,
					name: event.method,
					durationMs: event.elapsedMs,
					status: event.status === 'ok' ? 'ok' : 'error',
					summary: `${event.direction === 'in' ? 'view →' : '→ view'} ${event.method}${event.status === 'refused' ? ' (refused)' : ''} · ${preview(event.detail, 160)}`
				},
				extra: preview(event.detail, maxSearchChars)
			};
		case 'agui':
			return {
				entry: {
					...base,
					kind: 'agui',
					name: event.name,
					status: event.problem ? 'warning' : event.name === 'RUN_ERROR' ? 'error' : 'ok',
					summary: `${event.name} · ${preview(event.detail, 160)}`
				},
				extra: event.data === undefined ? undefined : preview(event.data, maxSearchChars)
			};
		case 'done':
			return {
				entry: {
					...base,
					kind: 'done',
					durationMs: event.elapsedMs,
					tokens: event.usage,
					status:
						event.reason === 'end_turn'
							? 'ok'
							: event.reason === 'aborted'
								? 'cancelled'
								: event.reason === 'error'
									? 'error'
									: 'warning',
					summary: `${event.reason} · ${event.iterations} iteration${event.iterations === 1 ? '' : 's'} · ${event.toolCalls} tool call${event.toolCalls === 1 ? '' : 's'} · ${formatDuration(event.elapsedMs)}`
				}
			};
		default:
			return undefined;
	}
}
