/**
 * The connection doctor: when a connection fails, probe the URL and say exactly why and how
 * to fix it. A browser cannot read why a CORS request failed, so the probes are arranged to
 * tell cases apart:
 *
 *   full MCP POST (cors)        answered → read status / content type / session handling
 *     fails →  no-cors request  fails too → host unreachable (or TLS) ; succeeds → host is up:
 *       simple POST (no preflight)          fails → no Access-Control-Allow-Origin
 *       + content-type: application/json    fails → preflight rejected
 *       + mcp-protocol-version, mcp-session-id, each custom header
 *                                           fails → that header missing from Allow-Headers
 *   initialize OK but no readable session id and the server then demands one
 *                                           → Access-Control-Expose-Headers lacks Mcp-Session-Id
 */
import { isPlainObject, tryParseJson } from '$lib/shared';
import type { TransportChoice } from './transport';

/** What the doctor found. */
export type DiagnosisCode =
	| 'ok'
	| 'invalid_url'
	| 'mixed_content'
	| 'blocked_url'
	| 'unreachable'
	| 'cors_origin'
	| 'cors_preflight'
	| 'cors_header'
	| 'cors_expose'
	| 'auth_required'
	| 'forbidden'
	| 'not_found'
	| 'wrong_transport'
	| 'not_mcp'
	| 'server_error';

/** A diagnosis: a one-line summary, how to fix it, and structured hints for the UI. */
export interface Diagnosis {
	code: DiagnosisCode;
	summary: string;
	fix: string;
	status?: number;
	/** The request header a CORS preflight refused. */
	missingHeader?: string;
	/** The server advertises OAuth (protected-resource metadata or a resource_metadata challenge). */
	offerOAuth?: boolean;
	/** A URL that answered like an MCP endpoint when the given one did not. */
	suggestedUrl?: string;
	suggestedTransport?: TransportChoice;
}

/** What to probe. `pageUrl` is the app's own URL in a browser (mixed content, CSP checks). */
export interface DiagnoseOptions {
	url: string;
	transport?: TransportChoice;
	headers?: Record<string, string>;
	pageUrl?: string;
	signal?: AbortSignal;
	/** Per-probe timeout. */
	probeTimeoutMs?: number;
	fetch?: typeof fetch;
}

/**
 * The protocol version the probes announce. Probes only look at HTTP-level answers (CORS,
 * status, content type), and servers negotiate versions down, so a widely supported one
 * is right; it keeps the doctor from loading the SDK's protocol schemas.
 */
const probeProtocolVersion = '2025-06-18';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function initializeBody(id: number): string {
	return JSON.stringify({
		jsonrpc: '2.0',
		id,
		method: 'initialize',
		params: { protocolVersion: probeProtocolVersion, capabilities: {}, clientInfo: { name: 'autoui-doctor', version: '1' } }
	});
}

/** Probes `options.url` and explains what is wrong (or `ok` when it now answers correctly). */
export async function diagnose(options: DiagnoseOptions): Promise<Diagnosis> {
	let url: URL;
	try {
		url = new URL(options.url);
	} catch {
		return { code: 'invalid_url', summary: `"${options.url}" is not a URL.`, fix: 'Enter a full URL such as https://example.com/mcp.' };
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return { code: 'invalid_url', summary: `MCP over HTTP needs an http(s) URL, not ${url.protocol}.`, fix: 'Use the server\'s https:// URL.' };
	}
	const loopback = loopbackHosts.has(url.hostname);
	if (options.pageUrl && url.protocol === 'http:' && !loopback) {
		const page = new URL(options.pageUrl);
		if (page.protocol === 'https:') {
			return {
				code: 'mixed_content',
				summary: 'This page is served over https, so the browser blocks plain-http requests to other hosts (mixed content).',
				fix: 'Use the server\'s https:// URL, or reach it through the relay.'
			};
		}
		return {
			code: 'blocked_url',
			summary: 'This app only connects to https servers or to http servers on this machine (localhost / 127.0.0.1).',
			fix: 'Use the server\'s https:// URL, or reach it through the relay.'
		};
	}
	return new Probe(url, options).run();
}

class Probe {
	readonly #url: URL;
	readonly #options: DiagnoseOptions;
	readonly #fetch: typeof fetch;

	constructor(url: URL, options: DiagnoseOptions) {
		this.#url = url;
		this.#options = options;
		this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
	}

	async run(): Promise<Diagnosis> {
		if (this.#options.transport === 'sse') return this.#runLegacy();
		let response: Response;
		try {
			response = await this.#post(this.#url, { ...this.#mcpHeaders(), ...this.#options.headers });
		} catch {
			return this.#explainFailedRequest();
		}
		return this.#explainAnswer(response);
	}

	#signal(): AbortSignal {
		const timeout = AbortSignal.timeout(this.#options.probeTimeoutMs ?? 5000);
		return this.#options.signal ? AbortSignal.any([this.#options.signal, timeout]) : timeout;
	}

	#mcpHeaders(): Record<string, string> {
		return { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': probeProtocolVersion };
	}

	#post(url: URL, headers: Record<string, string>, body = initializeBody(1)): Promise<Response> {
		return this.#fetch(url, { method: 'POST', headers, body, signal: this.#signal(), mode: 'cors', credentials: 'omit' });
	}

	async #reachable(): Promise<boolean> {
		try {
			await this.#fetch(this.#url, { method: 'GET', mode: 'no-cors', signal: this.#signal(), credentials: 'omit' });
			return true;
		} catch {
			return false;
		}
	}

	async #explainFailedRequest(): Promise<Diagnosis> {
		if (!(await this.#reachable())) {
			const https = this.#url.protocol === 'https:';
			return {
				code: 'unreachable',
				summary: `Nothing answers at ${this.#url.host}${https ? ' (or its TLS certificate is not trusted)' : ''}.`,
				fix: https
					? 'Check that the server is running and the host name is right; open the URL in a new tab to see whether the browser trusts its certificate.'
					: 'Check that the server is running, and the host and port are right.'
			};
		}
		const origin = globalThis.location?.origin ?? 'this app\'s origin';
		if (!(await this.#passes({ 'content-type': 'text/plain' }))) {
			return this.#cors(
				'cors_origin',
				`The server does not send Access-Control-Allow-Origin for ${origin}.`,
				`Add the header "Access-Control-Allow-Origin: ${origin}" (or *) to its responses, or use the relay.`
			);
		}
		let headers: Record<string, string> = { 'content-type': 'application/json' };
		if (!(await this.#passes(headers))) {
			return this.#cors(
				'cors_preflight',
				'The server rejects the CORS preflight (OPTIONS) for a JSON POST.',
				'Answer OPTIONS with 204, "Access-Control-Allow-Methods: GET, POST, DELETE" and "Access-Control-Allow-Headers: content-type, accept, authorization, mcp-session-id, mcp-protocol-version", or use the relay.'
			);
		}
		const names = ['mcp-protocol-version', 'mcp-session-id', ...Object.keys(this.#options.headers ?? {}).map((name) => name.toLowerCase())];
		for (const name of new Set(names)) {
			const value = name === 'mcp-protocol-version' ? probeProtocolVersion : name === 'mcp-session-id' ? 'probe' : (this.#findHeader(name) ?? 'x');
			headers = { ...headers, [name]: value };
			if (!(await this.#passes(headers))) {
				return {
					...this.#cors(
						'cors_header',
						`The server's CORS preflight does not allow the "${name}" request header.`,
						`Add ${name} to Access-Control-Allow-Headers (MCP needs: content-type, accept, authorization, mcp-session-id, mcp-protocol-version), or use the relay.`
					),
					missingHeader: name
				};
			}
		}
		return {
			code: 'unreachable',
			summary: 'The server is up, but the MCP request failed in transit; CORS preflights pass.',
			fix: 'Press Reconnect; if it keeps failing, check the server\'s logs.'
		};
	}

	#findHeader(lower: string): string | undefined {
		const entry = Object.entries(this.#options.headers ?? {}).find(([name]) => name.toLowerCase() === lower);
		return entry?.[1];
	}

	#cors(code: DiagnosisCode, summary: string, fix: string): Diagnosis {
		return { code, summary: `CORS: ${summary}`, fix };
	}

	async #passes(headers: Record<string, string>): Promise<boolean> {
		try {
			const response = await this.#post(this.#url, headers, '{}');
			await response.body?.cancel();
			return true;
		} catch {
			return false;
		}
	}

	async #explainAnswer(response: Response): Promise<Diagnosis> {
		const status = response.status;
		if (status === 401) {
			await response.body?.cancel();
			const offerOAuth = /resource_metadata=/i.test(response.headers.get('www-authenticate') ?? '') || (await this.#hasProtectedResourceMetadata());
			return {
				code: 'auth_required',
				status,
				offerOAuth,
				summary: 'The server requires authentication (HTTP 401).',
				fix: offerOAuth
					? 'Sign in with OAuth, or add an "Authorization: Bearer <token>" header.'
					: 'Add an "Authorization: Bearer <token>" header (or the header the server documents).'
			};
		}
		if (status === 403) {
			await response.body?.cancel();
			return { code: 'forbidden', status, summary: 'The server refuses these credentials (HTTP 403).', fix: 'Check the token or header value and its permissions.' };
		}
		if (status >= 500) {
			const body = (await response.text().catch(() => '')).slice(0, 200);
			return { code: 'server_error', status, summary: `The server failed (HTTP ${status})${body ? `: ${body}` : ''}.`, fix: 'Check the server\'s logs; press Reconnect once it is fixed.' };
		}
		if (status >= 400) {
			await response.body?.cancel();
			return this.#explainWrongPath(status);
		}
		const message = await this.#readRpc(response);
		if (!message) {
			return {
				code: 'not_mcp',
				status,
				summary: `The URL answers (${response.headers.get('content-type') ?? 'no content type'}), but not with MCP JSON-RPC.`,
				fix: 'Check the path: MCP endpoints usually end in /mcp (Streamable HTTP) or /sse (legacy).'
			};
		}
		if (isPlainObject(message.error)) {
			return { code: 'server_error', status, summary: `The server rejected initialize: ${String(message.error.message)}.`, fix: 'Check the server\'s logs and supported protocol versions.' };
		}
		return this.#checkSession(response);
	}

	/** initialize worked: make sure the browser can read the session id the server relies on. */
	async #checkSession(response: Response): Promise<Diagnosis> {
		const sessionId = response.headers.get('mcp-session-id');
		const headers = { ...this.#mcpHeaders(), ...this.#options.headers, ...(sessionId ? { 'mcp-session-id': sessionId } : {}) };
		try {
			const list = await this.#post(this.#url, headers, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }));
			const text = await list.text().catch(() => '');
			if (!sessionId && (list.status === 400 || list.status === 404) && /session|initiali[sz]ed/i.test(text)) {
				return {
					code: 'cors_expose',
					status: list.status,
					summary: 'CORS: the server uses sessions but does not expose the Mcp-Session-Id response header, so the browser cannot read it.',
					fix: 'Add "Access-Control-Expose-Headers: Mcp-Session-Id" to its responses, or use the relay.'
				};
			}
		} catch {
			/* the first answer was fine; report ok */
		} finally {
			if (sessionId) {
				void this.#fetch(this.#url, { method: 'DELETE', headers: { ...this.#options.headers, 'mcp-session-id': sessionId }, signal: this.#signal() }).catch(() => undefined);
			}
		}
		return { code: 'ok', summary: 'The server answers MCP correctly now.', fix: 'Press Reconnect.' };
	}

	async #readRpc(response: Response): Promise<Record<string, unknown> | undefined> {
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

	/** 4xx to the POST: is it a legacy SSE endpoint, or is the MCP endpoint elsewhere? */
	async #explainWrongPath(status: number): Promise<Diagnosis> {
		if (await this.#isEventStream(this.#url)) {
			return {
				code: 'wrong_transport',
				status,
				suggestedTransport: 'sse',
				summary: 'This URL is a legacy HTTP+SSE endpoint, not Streamable HTTP.',
				fix: 'Set the transport to "SSE (legacy)" or "Auto".'
			};
		}
		for (const path of ['/mcp', '/sse']) {
			const candidate = new URL(path, this.#url);
			if (candidate.href === this.#url.href) continue;
			const found = path === '/sse' ? await this.#isEventStream(candidate) : await this.#answersInitialize(candidate);
			if (found) {
				return {
					code: 'not_found',
					status,
					suggestedUrl: candidate.href,
					suggestedTransport: path === '/sse' ? 'sse' : 'streamable-http',
					summary: `Nothing MCP answers at ${this.#url.pathname} (HTTP ${status}), but ${candidate.href} does.`,
					fix: `Use ${candidate.href}.`
				};
			}
		}
		return {
			code: 'not_found',
			status,
			summary: `The server answered HTTP ${status}: there is no MCP endpoint at ${this.#url.pathname}.`,
			fix: 'Check the path in the server\'s documentation: usually /mcp (Streamable HTTP) or /sse (legacy).'
		};
	}

	async #runLegacy(): Promise<Diagnosis> {
		if (await this.#isEventStream(this.#url)) return { code: 'ok', summary: 'The SSE endpoint answers now.', fix: 'Press Reconnect.' };
		if (await this.#answersInitialize(this.#url)) {
			return {
				code: 'wrong_transport',
				suggestedTransport: 'streamable-http',
				summary: 'This URL is a Streamable HTTP endpoint, not a legacy SSE one.',
				fix: 'Set the transport to "Streamable HTTP" or "Auto".'
			};
		}
		try {
			const response = await this.#post(this.#url, { ...this.#mcpHeaders(), ...this.#options.headers });
			return this.#explainAnswer(response);
		} catch {
			return this.#explainFailedRequest();
		}
	}

	async #isEventStream(url: URL): Promise<boolean> {
		const controller = new AbortController();
		const signal = AbortSignal.any([controller.signal, this.#signal()]);
		try {
			const response = await this.#fetch(url, { method: 'GET', headers: { accept: 'text/event-stream', ...this.#options.headers }, signal, credentials: 'omit' });
			return response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream');
		} catch {
			return false;
		} finally {
			controller.abort();
		}
	}

	async #answersInitialize(url: URL): Promise<boolean> {
		try {
			const response = await this.#post(url, { ...this.#mcpHeaders(), ...this.#options.headers });
			if (!response.ok) {
				await response.body?.cancel();
				return response.status === 401;
			}
			const message = await this.#readRpc(response);
			const sessionId = response.headers.get('mcp-session-id');
			if (sessionId) void this.#fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId }, signal: this.#signal() }).catch(() => undefined);
			return message !== undefined;
		} catch {
			return false;
		}
	}

	async #hasProtectedResourceMetadata(): Promise<boolean> {
		const path = this.#url.pathname === '/' ? '' : this.#url.pathname;
		for (const candidate of [`/.well-known/oauth-protected-resource${path}`, '/.well-known/oauth-protected-resource']) {
			try {
				const response = await this.#fetch(new URL(candidate, this.#url), { signal: this.#signal(), credentials: 'omit' });
				const body = response.ok ? tryParseJson(await response.text()) : undefined;
				if (isPlainObject(body) && Array.isArray(body.authorization_servers)) return true;
			} catch {
				/* try the next location */
			}
		}
		return false;
	}
}
