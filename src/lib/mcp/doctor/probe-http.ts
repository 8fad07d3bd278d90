/**
 * The HTTP requests the connection doctor probes with: a full MCP initialize POST, bare
 * POSTs that only test CORS, a no-cors reachability check, event-stream and OAuth metadata
 * checks, and reading the JSON-RPC answer (JSON or the first event of a stream). Every
 * request uses the probe's timeout and the caller's signal, and never sends cookies.
 */
import { isPlainObject, tryParseJson } from '$lib/shared';
import type { DiagnoseOptions } from './diagnosis';

/**
 * The protocol version the probes announce. Probes only look at HTTP-level answers (CORS,
 * status, content type), and servers negotiate versions down, so a widely supported one
 * is right; it keeps the doctor from loading the SDK's protocol schemas.
 */
export const probeProtocolVersion = '2025-06-18';

/** The JSON-RPC `initialize` request body the probes send. */
function initializeBody(id: number): string {
	return JSON.stringify({
		jsonrpc: '2.0',
		id,
		method: 'initialize',
		params: {
			protocolVersion: probeProtocolVersion,
			capabilities: {},
			clientInfo: { name: 'autoui-doctor', version: '1' }
		}
	});
}

/** Sends the doctor's probe requests to one URL, with the options it was asked to use. */
export class ProbeHttp {
	readonly url: URL;
	readonly options: DiagnoseOptions;
	/** The fetch to use (the caller's, for tests, or the global one). */
	readonly fetch: typeof fetch;

	constructor(url: URL, options: DiagnoseOptions) {
		this.url = url;
		this.options = options;
		this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
	}

	/** A signal for one probe: its timeout, and the caller's signal. */
	signal(): AbortSignal {
		const timeout = AbortSignal.timeout(this.options.probeTimeoutMs ?? 5000);
		return this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
	}

	/** The headers a real MCP client sends with a POST. */
	mcpHeaders(): Record<string, string> {
		return {
			'content-type': 'application/json',
			accept: 'application/json, text/event-stream',
			'mcp-protocol-version': probeProtocolVersion
		};
	}

	/** A CORS-mode POST (an initialize request unless `body` says otherwise). */
	post(url: URL, headers: Record<string, string>, body = initializeBody(1)): Promise<Response> {
		return this.fetch(url, { method: 'POST', headers, body, signal: this.signal(), mode: 'cors', credentials: 'omit' });
	}

	/** An MCP initialize POST with the caller's headers, as a real client sends it. */
	initialize(url: URL = this.url): Promise<Response> {
		return this.post(url, { ...this.mcpHeaders(), ...this.options.headers });
	}

	/** True when the host answers at all (a no-cors GET cannot fail on CORS). */
	async reachable(url: URL = this.url): Promise<boolean> {
		return (await this.reach(url)) === undefined;
	}

	/** Undefined when `url` answers at all (no-cors GET), else the error the fetch threw. */
	async reach(url: URL = this.url): Promise<unknown> {
		try {
			await this.fetch(url, { method: 'GET', mode: 'no-cors', signal: this.signal(), credentials: 'omit' });
			return undefined;
		} catch (error) {
			return error ?? new Error('fetch failed');
		}
	}

	/** The value of one of the caller's extra headers, matched case-insensitively. */
	findHeader(lower: string): string | undefined {
		const entry = Object.entries(this.options.headers ?? {}).find(([name]) => name.toLowerCase() === lower);
		return entry?.[1];
	}

	/** True when a POST with these headers gets past CORS (the answer itself is ignored). */
	async passes(headers: Record<string, string>): Promise<boolean> {
		try {
			const response = await this.post(this.url, headers, '{}');
			await response.body?.cancel();
			return true;
		} catch {
			return false;
		}
	}

	/** The JSON-RPC message of an answer (JSON body or event stream), or undefined. */
	async readRpc(response: Response): Promise<Record<string, unknown> | undefined> {
		const type = response.headers.get('content-type') ?? '';
		try {
			if (type.includes('application/json')) {
				const value = tryParseJson(await response.text());
				return isPlainObject(value) && value.jsonrpc === '2.0' ? value : undefined;
			}
			if (type.includes('text/event-stream')) return await this.#firstEvent(response);
		} catch {
			return undefined;
		}
		await response.body?.cancel();
		return undefined;
	}

	/** Reads the first `data:` line of an event stream as JSON-RPC, then stops reading. */
	async #firstEvent(response: Response): Promise<Record<string, unknown> | undefined> {
		const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
		if (!reader) return undefined;
		let buffer = '';
		try {
			while (buffer.length < 1_000_000) {
				const { value, done } = await reader.read();
				if (done) break;
				buffer += value;
				const line = buffer.split(/\r?\n/).find((candidate) => candidate.startsWith('data:'));
				if (line && /\r?\n/.test(buffer.slice(buffer.indexOf(line) + line.length))) {
					const parsed = tryParseJson(line.slice(5).trim());
					return isPlainObject(parsed) && parsed.jsonrpc === '2.0' ? parsed : undefined;
				}
			}
			return undefined;
		} finally {
			void reader.cancel().catch(() => undefined);
		}
	}

	/** True when a GET to `url` opens an event stream (a legacy SSE endpoint). */
	async isEventStream(url: URL): Promise<boolean> {
		const controller = new AbortController();
		const signal = AbortSignal.any([controller.signal, this.signal()]);
		try {
			const response = await this.fetch(url, {
				method: 'GET',
				headers: { accept: 'text/event-stream', ...this.options.headers },
				signal,
				credentials: 'omit'
			});
			return response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream');
		} catch {
			return false;
		} finally {
			controller.abort();
		}
	}

	/** True when `url` answers an initialize POST like an MCP endpoint (or asks for auth). */
	async answersInitialize(url: URL): Promise<boolean> {
		try {
			const response = await this.initialize(url);
			if (!response.ok) {
				await response.body?.cancel();
				return response.status === 401;
			}
			const message = await this.readRpc(response);
			const sessionId = response.headers.get('mcp-session-id');
			if (sessionId)
				void this.fetch(url, {
					method: 'DELETE',
					headers: { 'mcp-session-id': sessionId },
					signal: this.signal()
				}).catch(() => undefined);
			return message !== undefined;
		} catch {
			return false;
		}
	}

	/** True when the server publishes OAuth protected-resource metadata. */
	async hasProtectedResourceMetadata(): Promise<boolean> {
		const path = this.url.pathname === '/' ? '' : this.url.pathname;
		for (const candidate of [`/.well-known/oauth-protected-resource${path}`, '/.well-known/oauth-protected-resource']) {
			try {
				const response = await this.fetch(new URL(candidate, this.url), { signal: this.signal(), credentials: 'omit' });
				const body = response.ok ? tryParseJson(await response.text()) : undefined;
				if (isPlainObject(body) && Array.isArray(body.authorization_servers)) return true;
			} catch {
				/* try the next location */
			}
		}
		return false;
	}
}
