/**
 * MCP requests through an AG-UI agent, for MCP App Views whose server only the agent can
 * reach. The AG-UI MCP Apps middleware (`@ag-ui/mcp-apps-middleware`) answers a run whose
 * `forwardedProps.__proxiedMCPRequest` is `{ serverHash, serverId?, method, params }` by
 * making that request to the server it names and ending the run with the MCP result as
 * RUN_FINISHED's `result` (or `{ error }` when it refuses or the request fails). It relays
 * `resources/read` and `tools/call` (also `ping` and `notifications/message`, unused here).
 *
 * One request is one run on its own thread: nothing of it enters the conversation. A run
 * that answers with anything else (text, tool calls: the agent has no such middleware), an
 * oversized result or no result at all is an error that says so.
 */
import { AutoUiError, errorMessage, isAbortError, isPlainObject, randomId } from '$lib/shared';
import type { ProviderConfig } from '../types';
import { runHeaders, toAguiError } from './agui-provider';
import { runAgent } from './client';
import type { RawAguiEvent, RunAgentInput } from './wire-types';

/** The server an `mcp-apps` activity named, as the middleware knows it. */
export interface ProxyTarget {
	serverHash: string;
	serverId?: string;
}

/** The MCP methods a View may send through the agent. */
export type ProxiedMethod = 'resources/read' | 'tools/call';

/** Bounds of one proxied request. */
export const proxyLimits = {
	/** Events one proxied run may send (the middleware sends two). */
	events: 20,
	/** Characters of the result (a View's HTML is at most 5 MB). */
	resultChars: 6 * 1024 * 1024,
	/** How long the agent has to answer. */
	timeoutMs: 30_000
};

/** The run that asks the agent's middleware for one MCP request. */
export function proxyRunInput(
	target: ProxyTarget,
	method: ProxiedMethod,
	params: Record<string, unknown>
): RunAgentInput {
	const runId = `mcp-proxy-${randomId()}`;
	return {
		threadId: runId,
		runId,
		messages: [],
		tools: [],
		context: [],
		state: {},
		forwardedProps: {
			__proxiedMCPRequest: {
				serverHash: target.serverHash,
				...(target.serverId ? { serverId: target.serverId } : {}),
				method,
				params
			}
		}
	};
}

/** Reads the proxied run's events into the MCP result; throws what went wrong, in words. */
export class ProxyRunReader {
	readonly #url: string;
	#events = 0;
	#result: { value: unknown } | undefined;
	#error: string | undefined;

	constructor(url: string) {
		this.#url = url;
	}

	push(event: RawAguiEvent): void {
		if (++this.#events > proxyLimits.events)
			throw new AutoUiError(
				'limit_exceeded',
				`the AG-UI agent at ${this.#url} sent more than ${proxyLimits.events} events for one proxied MCP request`
			);
		if (event.type === 'RUN_STARTED') return;
		if (event.type === 'RUN_FINISHED') {
			this.#result = { value: event.result };
			return;
		}
		if (event.type === 'RUN_ERROR') {
			this.#error = String(event.message ?? 'RUN_ERROR').slice(0, 500);
			return;
		}
		throw new AutoUiError(
			'mcp_protocol',
			`the AG-UI agent at ${this.#url} answered the proxied MCP request with a normal run (${String(event.type).slice(0, 40)}), not its result; it needs the AG-UI MCP Apps middleware in front of it`
		);
	}

	/** The MCP result, once the stream ended. */
	result(method: ProxiedMethod): Record<string, unknown> {
		if (this.#error)
			throw new AutoUiError(
				'mcp_protocol',
				`the AG-UI agent at ${this.#url} failed the proxied ${method}: ${this.#error}`
			);
		const value = this.#result?.value;
		if (!this.#result || !isPlainObject(value))
			throw new AutoUiError(
				'mcp_protocol',
				`the AG-UI agent at ${this.#url} finished the proxied ${method} without an MCP result; it needs the AG-UI MCP Apps middleware in front of it`
			);
		const chars = JSON.stringify(value).length;
		if (chars > proxyLimits.resultChars)
			throw new AutoUiError(
				'limit_exceeded',
				`the proxied ${method} result is ${chars} characters; results over ${proxyLimits.resultChars} are not used`
			);
		if (typeof value.error === 'string' && !('contents' in value) && !('content' in value)) {
			const unknown = value.error.startsWith('Unknown server');
			throw new AutoUiError(
				unknown ? 'unknown_server' : 'mcp_protocol',
				unknown
					? `the AG-UI agent at ${this.#url} refused the proxied ${method}: ${value.error.slice(0, 300)} (its MCP Apps middleware does not have that server)`
					: `the AG-UI agent at ${this.#url} could not make the proxied ${method}: ${value.error.slice(0, 300)}`
			);
		}
		return value;
	}
}

/** Makes one MCP request through the agent at `config.baseUrl`; resolves with the MCP result. */
export async function proxiedMcpRequest(
	config: ProviderConfig,
	target: ProxyTarget,
	method: ProxiedMethod,
	params: Record<string, unknown>,
	stop?: AbortSignal,
	timeoutMs = proxyLimits.timeoutMs
): Promise<Record<string, unknown>> {
	const url = (config.baseUrl ?? '').trim();
	const timeout = AbortSignal.timeout(timeoutMs);
	const signal = stop ? AbortSignal.any([stop, timeout]) : timeout;
	const reader = new ProxyRunReader(url);
	try {
		await runAgent(
			url,
			runHeaders(config),
			proxyRunInput(target, method, params),
			(event) => reader.push(event),
			signal
		);
	} catch (error) {
		if (timeout.aborted)
			throw new AutoUiError(
				'timeout',
				`the AG-UI agent at ${url} did not answer the proxied ${method} within ${timeoutMs / 1000} s`
			);
		if (stop?.aborted || isAbortError(error) || error instanceof AutoUiError) throw error;
		throw toAguiError(new Error(errorMessage(error)), url);
	}
	return reader.result(method);
}
