/**
 * Step "run": a real tool on its server — at most `maxConcurrentPerServer` calls at once per
 * server, each with a pausable deadline (a server's request waiting for the user holds it,
 * see shared/deadline.ts), cancelled when the turn stops. Then what the result means: an
 * output that breaks the tool's output schema, a tool error, or data a widget may show.
 */
import {
	AutoUiError,
	callTraceparent,
	createDeadline,
	errorMessage,
	isAbortError,
	isPlainObject,
	safeStringify,
	truncateText,
	type ErrorCode,
	type ToolCallResult
} from '$lib/shared';
import { isDisplayServer, type RegistryEntry } from '../tools/registry';
import { validateResult } from '../validate';
import { abortReason, createLimiter, raceSignal } from './async';
import type { CallOutput } from '../events';
import { callFields, cancelled, failure, type DispatchContext, type Outcome } from './context';
import { isDiscovery } from './local';
import { unwrapToolResult } from './results';
import { resultSurfaces } from './ui-resources';

type ToolEntry = Extract<RegistryEntry, { kind: 'tool' }>;

function errorCode(error: unknown): ErrorCode {
	return error instanceof AutoUiError ? error.code : 'internal';
}

/** Calls the tool on its connection; the raw result (MCP shape), or the failure the model reads. */
export async function runWithDeadline(
	ctx: DispatchContext,
	entry: ToolEntry,
	callId: string,
	args: Record<string, unknown>
): Promise<{ result: ToolCallResult } | { outcome: Outcome }> {
	const { layer } = entry.server;
	const server = ctx.servers.get(entry.server.key);
	if (!server) {
		return {
			outcome: failure(
				'unknown_server',
				`${layer.serverName} (${layer.protocol}) is not connected, so ${entry.name} cannot run now. Tell the user to reconnect it, or use another server.`
			)
		};
	}
	let limiter = ctx.limiters.get(entry.server.key);
	if (!limiter) ctx.limiters.set(entry.server.key, (limiter = createLimiter(ctx.policy.maxConcurrentPerServer)));
	const fields = callFields(ctx.iteration, callId, entry.name, { resolvedName: entry.name, entry, viaAlias: false });
	const { timeoutMs } = ctx.policy;
	let result: ToolCallResult;
	try {
		result = await limiter.run(async () => {
			const timer = createDeadline(ctx.signal, timeoutMs);
			try {
				const call = server.callTool(entry.tool.name, args, {
					signal: timer.signal,
					timeoutMs,
					deadline: timer,
					caller: { callId, turnId: ctx.turnId, origin: ctx.origin ?? 'model' },
					traceparent: callTraceparent(ctx.turnId, callId),
					onProgress: (progress) => ctx.emit({ type: 'tool-progress', ...fields, ...progress }),
					onTask: (task) =>
						ctx.emit({
							type: 'task-status',
							...fields,
							taskId: task.taskId,
							status: task.status,
							...(task.message ? { message: task.message } : {})
						})
				});
				return await raceSignal(call, timer.signal);
			} catch (error) {
				if (timer.signal.aborted && !ctx.signal?.aborted) throw abortReason(timer.signal);
				throw error;
			} finally {
				timer.dispose();
			}
		}, ctx.signal);
	} catch (error) {
		if (ctx.signal?.aborted) return { outcome: cancelled() };
		if (error instanceof AutoUiError && error.code === 'timeout') {
			return {
				outcome: failure(
					'timeout',
					`${entry.name} did not answer within ${timeoutMs} ms. Try narrower arguments or another tool.`
				)
			};
		}
		if (isAbortError(error))
			return { outcome: failure('aborted', `${entry.name} was cancelled: ${errorMessage(error)}`) };
		return { outcome: failure(errorCode(error), `${entry.name} failed: ${errorMessage(error)}`) };
	}
	if (!isPlainObject(result) || !Array.isArray(result.content)) {
		result = { content: [{ type: 'text', text: safeStringify(result) }] };
	}
	ctx.onRawResult?.(callId, result);
	return { result };
}

/** The failure of a result that breaks the tool's output schema; undefined when it conforms. */
export function checkResult(ctx: DispatchContext, entry: ToolEntry, result: ToolCallResult): Outcome | undefined {
	const invalid = validateResult(entry.tool.outputSchema, result, ctx.state.validators);
	if (!invalid.length) return undefined;
	const where = invalid.map((detail) => `${detail.path} ${detail.message}`).join('; ');
	const message = `${entry.name} returned a result that does not match its output schema: ${truncateText(where, 600)}. Do not rely on this result; call it again with other arguments or tell the user the tool answered wrongly.`;
	return failure(
		'result_invalid',
		message,
		safeStringify({
			error: 'Result validation failed',
			tool: entry.name,
			details: invalid.slice(0, 20),
			received: truncateText(unwrapToolResult(result), 1_000)
		})
	);
}

/** Largest answer kept on the event as it came (JSON characters). */
const maxOutputChars = 200_000;

/** The server's answer as it came, for replay; nothing when it is too large to keep. */
function callOutput(result: ToolCallResult): { output?: CallOutput } {
	const output: CallOutput = {
		content: result.content,
		...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
		...(result.isError ? { isError: true } : {})
	};
	const text = safeStringify(output);
	return text.length > maxOutputChars ? {} : { output: JSON.parse(text) as CallOutput };
}

/**
 * What a (checked, displayed) result means for the model: a tool error with its code, or
 * success. A successful call of a data server (not a recipe look-up) counts as this turn's data.
 */
export function outcomeOf(
	ctx: DispatchContext,
	entry: ToolEntry,
	callId: string,
	result: ToolCallResult,
	widgetId?: string
): Outcome {
	const { protocol } = entry.server.layer;
	const text = unwrapToolResult(result);
	const mocked = { ...(result.mocked ? { mocked: true } : {}), ...callOutput(result) };
	if (result.isError) {
		const structured = result.structuredContent;
		const validation = isPlainObject(structured) && structured.error === 'Validation failed';
		const code = validation
			? 'validation_failed'
			: protocol === 'mcp'
				? 'mcp_tool_error'
				: protocol === 'http'
					? 'http_tool_error'
					: protocol === 'app'
						? 'app_tool_error'
						: 'invalid_argument';
		const message =
			isPlainObject(structured) && typeof structured.error === 'string' ? structured.error : truncateText(text, 300);
		return { ok: false, code, message, text, ...mocked };
	}
	// A data call (remote, or an in-page data server such as files): its result is data by reference.
	if (!isDisplayServer(entry.server.layer) && !isDiscovery(entry)) ctx.turn.dataCallIds.push(callId);
	// The text is structuredContent as JSON when there is one: the object itself is its value.
	const value = result.structuredContent ?? undefined;
	const surfaces = resultSurfaces(result);
	return {
		ok: true,
		text,
		...(value === undefined ? {} : { value }),
		widgetId,
		store: true,
		...mocked,
		...(surfaces.length ? { surfaces } : {})
	};
}
