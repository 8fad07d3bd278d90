/**
 * Tasks that outlive the page: a call its server ran as an MCP task that had not ended when
 * the page went away is found again in the saved events (its last `task-status` is `working`
 * or `input_required`, and no result followed). After a restore the conversation waits for it
 * on its server (`ToolServer.resumeTask`), records its state changes and its result as events
 * of the original call, and returns the tool_result the model gets. Framework-free.
 */
import { AutoUiError, errorMessage, sleep, type ToolCallResult, type ToolServer } from '$lib/shared';
import type { AgentEvent } from '../events';
import type { PendingTask } from './pending-tasks';
import type { AgentState } from '../loop/state';
import { DEFAULT_RESULT_LIMIT, fitResult, unwrapToolResult } from '../dispatch/results';
import type { ChatMessage, ToolResultBlock } from '../types';

/** How long a restored conversation waits for the task's server to be connected again. */
const serverWaitMs = 30_000;

/** What resuming a task uses of its conversation. */
export interface TaskResumeContext {
	/** The servers now (the task's one may connect a little after the restore). */
	servers(): readonly ToolServer[];
	state: AgentState;
	emit(event: AgentEvent): void;
	signal: AbortSignal;
}

/** The pending task's result, as the model gets it. */
export interface ResumedTask {
	task: PendingTask;
	block: ToolResultBlock;
}

async function serverOf(task: PendingTask, context: TaskResumeContext): Promise<ToolServer | undefined> {
	const until = Date.now() + serverWaitMs;
	for (;;) {
		const server = context.servers().find((candidate) => candidate.name === task.call.server);
		if (server?.resumeTask || Date.now() > until || context.signal.aborted) return server;
		await sleep(250, context.signal).catch(() => undefined);
	}
}

/** Waits for `task` on its server and records how it ended; never throws. */
export async function resumeTask(task: PendingTask, context: TaskResumeContext): Promise<ResumedTask> {
	const { call } = task;
	const fields = {
		turnId: call.turnId,
		iteration: call.iteration,
		callId: call.callId,
		name: call.name,
		resolvedName: call.resolvedName,
		...(call.server ? { server: call.server } : {}),
		...(call.protocol ? { protocol: call.protocol } : {}),
		...(call.tool ? { tool: call.tool } : {}),
		...(call.origin ? { origin: call.origin } : {})
	};
	let result: ToolCallResult | undefined;
	let failure: { code: string; message: string } | undefined;
	try {
		const server = await serverOf(task, context);
		if (!server?.resumeTask)
			throw new AutoUiError(
				'mcp_disconnected',
				`MCP server "${call.server}" is not connected, so task ${task.taskId} could not be picked up again.`
			);
		result = await server.resumeTask(task.taskId, {
			signal: context.signal,
			onTask: (update) =>
				context.emit({
					type: 'task-status',
					at: Date.now(),
					...fields,
					taskId: update.taskId,
					status: update.status,
					...(update.message ? { message: update.message } : {})
				})
		});
	} catch (error) {
		failure = { code: error instanceof AutoUiError ? error.code : 'mcp_error', message: errorMessage(error) };
	}
	const at = Date.now();
	const text = result ? unwrapToolResult(result) : `Error: ${failure!.message}`;
	const fitted = fitResult(text, DEFAULT_RESULT_LIMIT, `Call recall('${call.callId}') for the full result.`);
	context.state.results.set(call.callId, { text, name: call.resolvedName, size: text.length });
	if (result && !result.isError) {
		context.emit({
			type: 'tool-result',
			at,
			...fields,
			result: fitted.text,
			elapsedMs: at - call.at,
			size: fitted.size,
			truncated: fitted.truncated,
			recallId: call.callId
		});
	} else {
		const code = failure?.code ?? 'mcp_tool_error';
		context.emit({
			type: 'tool-error',
			at,
			...fields,
			error: failure?.message ?? fitted.text.slice(0, 300),
			code,
			result: fitted.text,
			elapsedMs: at - call.at
		});
	}
	const block: ToolResultBlock = {
		type: 'tool_result',
		tool_use_id: call.callId,
		content: fitted.text,
		...(result && !result.isError ? {} : { is_error: true })
	};
	return { task, block };
}

/**
 * The history with the interrupted exchange the task belongs to: the turn's words (when the
 * history does not have them yet), the model's call and the task's result.
 */
export function historyWithTask(
	history: readonly ChatMessage[],
	resumed: ResumedTask,
	input: string | undefined
): ChatMessage[] {
	const { call } = resumed.task;
	const known = history.some(
		(message) =>
			message.role === 'assistant' &&
			message.content.some((block) => block.type === 'tool_use' && block.id === call.callId)
	);
	if (known) return [...history, { role: 'user', content: [resumed.block] }];
	return [
		...history,
		...(input ? [{ role: 'user' as const, content: [{ type: 'text' as const, text: input }] }] : []),
		{ role: 'assistant', content: [{ type: 'tool_use', id: call.callId, name: call.name, input: call.args }] },
		{ role: 'user', content: [resumed.block] }
	];
}
