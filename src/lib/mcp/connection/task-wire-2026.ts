/**
 * The 2026-07-28 task wire: the Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663)
 * through `@modelcontextprotocol/ext-tasks`, as a `TaskDriver`.
 *
 *   tools/call (declaring the extension)  → a result, or `resultType: "task"` with the task
 *   tasks/get                             → polled by the package; the result arrives in it
 *   input_required                        → its `inputRequests` go to the usual handlers
 *                                           (elicitation card…), answered with tasks/update
 *   cancel                                → tasks/cancel
 *
 * On that revision the server decides per call whether to run a task (tools carry no
 * `execution.taskSupport`), so every call to a server that offers the extension goes this
 * way. The package's session (one per SDK client) sends task traffic over the raw path of
 * `task-raw-dispatch.ts`, which the SDK client would refuse. Framework-free.
 */
import type { Client } from '@modelcontextprotocol/client';
import {
	JsonRpcResponseError,
	TaskFailedError,
	createTaskSessionFromClient,
	type ApplicationInputRequest,
	type TaskEnabledSession,
	type TaskExecutionEvent,
	type TaskOutcome,
	type TaskView,
	type ToolExecution
} from '@modelcontextprotocol/ext-tasks/client';
import { AutoUiError, errorMessage, untilAborted } from '$lib/shared';
import { capabilitiesFor, type ActiveCall, type ClientHandlers } from './client-handlers';
import { loadedSdk } from './sdk-loader';
import { followTask, type TaskCallOptions, type TaskDriver, type TaskEnd, type TaskState } from './task-follow';
import { rawDispatchOver } from './task-raw-dispatch';
import { pacedTaskPolls } from './task-poll-pace';
import type { OpenClient } from './transport';
import { clientVersion } from './version';

/** What the wire needs of the connection besides the open client. */
export interface ModernTaskContext {
	/** Scopes remembered task references (the server's URL). */
	endpointId: string;
	handlers?: ClientHandlers;
	activeCalls: () => readonly ActiveCall[];
}

type Result = Record<string, unknown>;
type Execution = ToolExecution<Result>;

const sessions = new WeakMap<Client, TaskEnabledSession>();

function sessionFor(open: OpenClient, context: ModernTaskContext): TaskEnabledSession {
	const known = sessions.get(open.client);
	if (known) return known;
	const session = createTaskSessionFromClient(open.client, {
		endpointId: context.endpointId,
		// Declarations are not needed: on this revision the server decides, per call.
		tools: { currentTool: () => undefined },
		// Each task's tasks/get at most every 200 ms, whatever interval the server suggests.
		rawDispatch: pacedTaskPolls(rawDispatchOver(open.transport)),
		v2RequestFraming: {
			protocolVersion: open.client.getNegotiatedProtocolVersion() ?? '2026-07-28',
			clientInfo: { name: 'autoui', version: clientVersion },
			clientCapabilities: JSON.parse(JSON.stringify(capabilitiesFor(context.handlers)))
		},
		onInputRequest: (request, input) => answer(request, input.signal ?? new AbortController().signal, context),
		onError: (error) => console.warn(`MCP task session: ${errorMessage(error)}`)
	});
	sessions.set(open.client, session);
	return session;
}

/** A request the server embedded in the task, answered by the same handlers as a direct one. */
async function answer(request: ApplicationInputRequest, signal: AbortSignal, context: ModernTaskContext) {
	const { handlers } = context;
	const around = { calls: context.activeCalls() };
	if (request.kind === 'elicitation' && handlers?.elicit)
		return (await handlers.elicit(request.params as never, signal, around)) as never;
	if (request.kind === 'sampling' && handlers?.createMessage)
		return (await handlers.createMessage(request.params as never, signal, around)) as never;
	if (request.kind === 'roots' && handlers?.listRoots) return { roots: handlers.listRoots() } as never;
	throw new AutoUiError('mcp_protocol', `This client does not answer ${request.kind} requests from MCP servers.`);
}

/**
 * Calls a tool on a server that offers the Tasks extension and returns the raw final result:
 * at once when the server answers directly, else after following the task.
 */
export async function callToolAsModernTask(
	open: OpenClient,
	params: { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> },
	context: ModernTaskContext,
	options: TaskCallOptions
): Promise<Result> {
	const session = sessionFor(open, context);
	const execution = await wire(() =>
		session.callTool<Result>(params.name, (params.arguments ?? {}) as never, {
			signal: options.signal,
			...(params._meta ? { metadata: params._meta as never } : {})
		})
	);
	return follow(execution, options);
}

/** Waits for a task an earlier page started on this server (its id kept across a reload). */
export async function resumeModernTask(
	open: OpenClient,
	taskId: string,
	context: ModernTaskContext,
	options: Omit<TaskCallOptions, 'ttlMs'>
): Promise<Result> {
	const session = sessionFor(open, context);
	const execution = await wire(() =>
		session.resumeTask<Result>(
			{ endpointId: context.endpointId, generation: 'v2', taskId: taskId as never, originalOperation: 'tools/call' },
			{ signal: options.signal }
		)
	);
	return follow(execution, options);
}

async function follow(execution: Execution, options: Omit<TaskCallOptions, 'ttlMs'>): Promise<Result> {
	const updates = execution.updates(options.signal)[Symbol.asyncIterator]();
	try {
		const opening = await wire(() => updates.next());
		if (opening.done) throw new AutoUiError('mcp_protocol', 'The MCP server ended the call without a result.');
		const event = opening.value;
		if (event.type === 'outcome') return endOf(event.outcome, execution.kind === 'task').result ?? {};
		return await followTask(modernDriver(execution, updates, stateOf(event.task)), options);
	} finally {
		// Not awaited: a stream still waiting on the server ends once the execution is closed.
		void updates.return?.().catch(() => undefined);
		if (execution.kind === 'task') await execution.close().catch(() => undefined);
	}
}

type Outcome = TaskOutcome<Result>;
type Updates = AsyncIterator<TaskExecutionEvent<Result>>;

function modernDriver(execution: Execution, updates: Updates, first: TaskState): TaskDriver {
	return {
		first,
		async run(observe, signal) {
			for (;;) {
				const next = await untilAborted(
					wire(() => updates.next()),
					signal,
					'aborted' as const
				);
				if (next === 'aborted') return { status: 'cancelled' };
				if (next.done) throw new AutoUiError('mcp_protocol', `The task ${first.taskId} ended without an outcome.`);
				if (next.value.type === 'task') observe(stateOf(next.value.task));
				else return endOf(next.value.outcome, true).end;
			}
		},
		cancel: () => wire(() => execution.cancel())
	};
}

function endOf(outcome: Outcome, isTask: boolean): { end: TaskEnd; result?: Result } {
	if (outcome.status === 'cancelled') {
		if (!isTask) throw new AutoUiError('aborted', 'The call was cancelled.');
		return { end: { status: 'cancelled' } };
	}
	if (outcome.status === 'failed') throw rpcError(outcome.error);
	const result = withoutResultType(outcome.result);
	return { end: { status: 'completed', result }, result };
}

function stateOf(task: TaskView): TaskState {
	return {
		taskId: task.taskId,
		status: task.status,
		message: task.statusMessage,
		ttl: task.retentionMs ?? undefined,
		pollInterval: task.suggestedPollIntervalMs
	};
}

function withoutResultType(result: Result): Result {
	if (!('resultType' in result)) return result;
	const { resultType: _resultType, ...rest } = result;
	return rest;
}

/** The package's JSON-RPC failures as the SDK's `ProtocolError`, which the connection turns into a tool result. */
function rpcError(error: unknown): unknown {
	const sdk = loadedSdk();
	if (!sdk) return error;
	if (error instanceof JsonRpcResponseError)
		return new sdk.ProtocolError(error.code, error.message, error.data as never);
	if (error instanceof TaskFailedError && typeof error.code === 'number')
		return new sdk.ProtocolError(error.code, error.message, error.data as never);
	return error;
}

async function wire<T>(action: () => Promise<T>): Promise<T> {
	try {
		return await action();
	} catch (error) {
		throw rpcError(error);
	}
}
