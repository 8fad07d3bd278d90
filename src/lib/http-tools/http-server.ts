/**
 * The HTTP executor: a set of HTTP tools as a `ToolServer` (protocol `http`), so the agent's
 * dispatcher, the workbench and the console treat REST API operations as they treat MCP
 * tools. Live tools call the API with `fetch`; mock tools answer from their mock. Every
 * failure the model can act on — a path argument that would change the path, a missing
 * secret, a non-2xx answer, a timeout, a network or CORS failure — is an `isError` result
 * that says what happened; only a cancellation by the caller throws.
 */
import {
	AutoUiError,
	errorMessage,
	isAbortError,
	isPlainObject,
	type CallOptions,
	type ToolCallResult,
	type ToolDefinition,
	type ToolServer
} from '$lib/shared';
import { mockResult } from '$lib/mocks/template';
import type { HttpToolDescriptor, HttpToolSet } from './descriptor';
import { toolDefinition } from './definition';
import { explainNetworkFailure } from './network-doctor';
import { buildRequest } from './request';
import { fetchWithSafeRedirects } from './redirects';
import { scrubEchoedSecrets } from './echoed-secrets';
import { toToolResult } from './response';

/** Largest response body read, in bytes; longer bodies are cut (and said to be). */
const MAX_BODY_BYTES = 5_000_000;
/** Timeout when neither the tool nor the caller gives one. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** How an HTTP tool server is built. */
export interface HttpToolServerOptions {
	/** The display name (the layer's server name). */
	name: string;
	set: HttpToolSet;
	/** The chosen base URL (for relative tool URLs); defaults to the set's `base_url`. */
	baseUrl?: string;
	/** The secrets' current values (read at each call, so a secret filled later applies at once). */
	secrets?: () => Record<string, string>;
	/** Defaults to the global `fetch`. */
	fetch?: typeof fetch;
	/** Where the page runs, for explaining CORS failures. */
	pageOrigin?: string;
}

function errorResult(text: string, code: string): ToolCallResult {
	return { content: [{ type: 'text', text }], structuredContent: { error: text, code }, isError: true };
}

async function readBody(response: Response): Promise<{ text: string; size: number; cut: boolean }> {
	const buffer = new Uint8Array(await response.arrayBuffer());
	const cut = buffer.byteLength > MAX_BODY_BYTES;
	const type = response.headers.get('content-type') ?? '';
	const binary = type !== '' && !/json|text|xml|javascript|urlencoded/i.test(type);
	const text = binary ? '' : new TextDecoder().decode(cut ? buffer.subarray(0, MAX_BODY_BYTES) : buffer);
	return { text, size: buffer.byteLength, cut };
}

/** A set of HTTP tools as a tool server. */
export class HttpToolServer implements ToolServer {
	readonly protocol = 'http' as const;
	readonly name: string;
	#options: HttpToolServerOptions;
	#tools: Map<string, HttpToolDescriptor>;

	constructor(options: HttpToolServerOptions) {
		this.#options = options;
		this.name = options.name;
		this.#tools = new Map(options.set.tools.map((tool) => [tool.name, tool]));
	}

	/** The tools as definitions. */
	get definitions(): ToolDefinition[] {
		return this.#options.set.tools.map(toolDefinition);
	}

	async listTools(): Promise<ToolDefinition[]> {
		return this.definitions;
	}

	async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
		const tool = this.#tools.get(name);
		if (!tool)
			throw new AutoUiError(
				'unknown_tool',
				`${this.name} has no tool "${name}"; its tools: ${[...this.#tools.keys()].join(', ')}.`
			);
		if (tool.mode === 'mock') return mockResult({ result: tool.mock_result, template: tool.mock_template }, args);
		let request;
		try {
			request = buildRequest(tool, isPlainObject(args) ? args : {}, {
				baseUrl: this.#options.baseUrl ?? this.#options.set.base_url,
				secrets: this.#options.secrets?.() ?? {}
			});
		} catch (error) {
			return errorResult(
				`${name} was not sent: ${errorMessage(error)}`,
				error instanceof AutoUiError ? error.code : 'invalid_argument'
			);
		}
		const label = `${request.method} ${new URL(request.url).pathname}`;
		const timeoutMs = Math.min(
			tool.timeout_ms ?? tool.http?.timeout_ms ?? DEFAULT_TIMEOUT_MS,
			options.timeoutMs ?? Number.POSITIVE_INFINITY
		);
		const timer = new AbortController();
		const timeout = setTimeout(
			() => timer.abort(new AutoUiError('timeout', `timed out after ${timeoutMs} ms`)),
			timeoutMs
		);
		const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
		const doFetch = this.#options.fetch ?? globalThis.fetch.bind(globalThis);
		try {
			const response = await fetchWithSafeRedirects(doFetch, request, { signal });
			const body = await readBody(response);
			const result = toToolResult(
				{
					status: response.status,
					statusText: response.statusText,
					contentType: response.headers.get('content-type') ?? '',
					text: body.text,
					size: body.size
				},
				label
			);
			if (body.cut)
				result.content.push({
					type: 'text',
					text: `[The response was cut at ${MAX_BODY_BYTES} bytes of ${body.size}.]`
				});
			// What the API echoes of the secrets never reaches the model, the console or the saved chat.
			return scrubEchoedSecrets(result, Object.values(this.#options.secrets?.() ?? {}));
		} catch (error) {
			if (options.signal?.aborted) throw error;
			if (timer.signal.aborted) {
				return errorResult(
					`${label} did not answer within ${timeoutMs} ms (the tool's timeout). The API may be slow or down; try again later, with narrower arguments, or tell the user.`,
					'timeout'
				);
			}
			if (isAbortError(error)) throw error;
			// A redirect refused for a request that carries secrets, or a redirect loop.
			if (error instanceof AutoUiError) return errorResult(`${label} was stopped: ${error.message}`, error.code);
			const explanation = await explainNetworkFailure(request.url, {
				pageOrigin: this.#options.pageOrigin,
				fetch: doFetch
			});
			return errorResult(`${label} could not be sent: ${explanation}`, 'http_unreachable');
		} finally {
			clearTimeout(timeout);
		}
	}
}
