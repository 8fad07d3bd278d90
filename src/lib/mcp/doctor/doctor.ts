/**
 * The connection doctor: when a connection fails, probe the URL and say exactly why and how
 * to fix it. The probes are arranged to tell cases apart:
 *
 *   full MCP POST (cors)        answered → read status / content type / session handling
 *     fails → cors-probe.ts: host unreachable, or which CORS rule is missing
 *   4xx → legacy SSE endpoint here, or an MCP endpoint at /mcp or /sse instead
 *   initialize OK but no readable session id and the server then demands one
 *                               → Access-Control-Expose-Headers lacks Mcp-Session-Id
 *
 * Loaded on demand (it runs only after a failure); the HTTP requests live in probe-http.ts.
 */
import { blockedPortMessage, browserBlockedPort, isPlainObject } from '$lib/shared';
import { explainFailedRequest } from './cors-probe';
import type { DiagnoseOptions, Diagnosis } from './diagnosis';
import { ProbeHttp } from './probe-http';
import { legacyRevision, modernRevision } from '../connection/protocol-revision';

export type { Diagnosis, DiagnosisCode, DiagnoseOptions } from './diagnosis';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Probes `options.url` and explains what is wrong (or `ok` when it now answers correctly). */
export async function diagnose(options: DiagnoseOptions): Promise<Diagnosis> {
	let url: URL;
	try {
		url = new URL(options.url);
	} catch {
		return {
			code: 'invalid_url',
			summary: `"${options.url}" is not a URL.`,
			fix: 'Enter a full URL such as https://example.com/mcp.'
		};
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return {
			code: 'invalid_url',
			summary: `MCP over HTTP needs an http(s) URL, not ${url.protocol}.`,
			fix: "Use the server's https:// URL."
		};
	}
	const blocked = browserBlockedPort(url);
	if (blocked !== undefined) {
		const message = blockedPortMessage(blocked);
		const [summary, fix] = message.split(' — ');
		return {
			code: 'blocked_port',
			summary: `${summary[0].toUpperCase()}${summary.slice(1)}.`,
			fix: `${fix[0].toUpperCase()}${fix.slice(1)}.`
		};
	}
	const loopback = loopbackHosts.has(url.hostname);
	if (options.pageUrl && url.protocol === 'http:' && !loopback) {
		const page = new URL(options.pageUrl);
		if (page.protocol === 'https:') {
			return {
				code: 'mixed_content',
				summary:
					'This page is served over https, so the browser blocks plain-http requests to other hosts (mixed content).',
				fix: "Use the server's https:// URL, or reach it through the relay."
			};
		}
		return {
			code: 'blocked_url',
			summary: 'This app only connects to https servers or to http servers on this machine (localhost / 127.0.0.1).',
			fix: "Use the server's https:// URL, or reach it through the relay."
		};
	}
	return new Probe(url, options).run();
}

/** Diagnoses one URL: reads the answer to a full MCP request, or explains why there was none. */
class Probe {
	readonly #http: ProbeHttp;

	constructor(url: URL, options: DiagnoseOptions) {
		this.#http = new ProbeHttp(url, options);
	}

	/** Runs the probes for the configured transport. */
	async run(): Promise<Diagnosis> {
		if (this.#http.options.transport === 'sse') return this.#runLegacy();
		if (this.#http.options.protocol === 'modern') {
			const refused = await this.#modernHeadersRefused();
			if (refused) return refused;
		}
		let response: Response;
		try {
			response = await this.#http.initialize();
		} catch {
			return explainFailedRequest(this.#http);
		}
		return this.#explainAnswer(response);
	}

	/**
	 * 2026-07-28 requests carry `Mcp-Method` (and `Mcp-Name` for tools, resources and prompts),
	 * which a server's CORS allow-list written for 2025-11-25 lacks. Checked only when a plain
	 * JSON POST with the protocol version passes, so a server that is down or has no CORS at
	 * all is explained by the usual probes.
	 */
	async #modernHeadersRefused(): Promise<Diagnosis | undefined> {
		let headers: Record<string, string> = {
			'content-type': 'application/json',
			'mcp-protocol-version': modernRevision
		};
		if (!(await this.#http.passes(headers))) return undefined;
		for (const [name, value] of [
			['mcp-method', 'server/discover'],
			['mcp-name', 'probe']
		] as const) {
			headers = { ...headers, [name]: value };
			if (await this.#http.passes(headers)) continue;
			return {
				code: 'cors_header',
				missingHeader: name,
				summary: `CORS: the server's preflight does not allow the "${name}" request header, which every ${modernRevision} request carries.`,
				fix: `Add ${name} (and mcp-method, mcp-name) to Access-Control-Allow-Headers, or choose "auto" or "legacy" for this server to speak ${legacyRevision}.`,
				suggestedProtocol: 'auto'
			};
		}
		return undefined;
	}

	async #explainAnswer(response: Response): Promise<Diagnosis> {
		const status = response.status;
		if (status === 401) {
			await response.body?.cancel();
			const offerOAuth =
				/resource_metadata=/i.test(response.headers.get('www-authenticate') ?? '') ||
				(await this.#http.hasProtectedResourceMetadata());
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
			return {
				code: 'forbidden',
				status,
				summary: 'The server refuses these credentials (HTTP 403).',
				fix: 'Check the token or header value and its permissions.'
			};
		}
		if (status >= 500) {
			const body = (await response.text().catch(() => '')).slice(0, 200);
			return {
				code: 'server_error',
				status,
				summary: `The server failed (HTTP ${status})${body ? `: ${body}` : ''}.`,
				fix: "Check the server's logs; press Reconnect once it is fixed."
			};
		}
		if (status >= 400) {
			await response.body?.cancel();
			return this.#explainWrongPath(status);
		}
		const message = await this.#http.readRpc(response);
		if (!message) {
			return {
				code: 'not_mcp',
				status,
				summary: `The URL answers (${response.headers.get('content-type') ?? 'no content type'}), but not with MCP JSON-RPC.`,
				fix: 'Check the path: MCP endpoints usually end in /mcp (Streamable HTTP) or /sse (legacy).'
			};
		}
		if (isPlainObject(message.error)) {
			return {
				code: 'server_error',
				status,
				summary: `The server rejected initialize: ${String(message.error.message)}.`,
				fix: "Check the server's logs and supported protocol versions."
			};
		}
		return this.#checkSession(response);
	}

	/** initialize worked: make sure the browser can read the session id the server relies on. */
	async #checkSession(response: Response): Promise<Diagnosis> {
		const sessionId = response.headers.get('mcp-session-id');
		const headers = {
			...this.#http.mcpHeaders(),
			...this.#http.options.headers,
			...(sessionId ? { 'mcp-session-id': sessionId } : {})
		};
		try {
			const list = await this.#http.post(
				this.#http.url,
				headers,
				JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })
			);
			const text = await list.text().catch(() => '');
			if (!sessionId && (list.status === 400 || list.status === 404) && /session|initiali[sz]ed/i.test(text)) {
				return {
					code: 'cors_expose',
					status: list.status,
					summary:
						'CORS: the server uses sessions but does not expose the Mcp-Session-Id response header, so the browser cannot read it.',
					fix: 'Add "Access-Control-Expose-Headers: Mcp-Session-Id" to its responses, or use the relay.'
				};
			}
		} catch {
			/* the first answer was fine; report ok */
		} finally {
			if (sessionId) {
				void this.#http
					.fetch(this.#http.url, {
						method: 'DELETE',
						headers: { ...this.#http.options.headers, 'mcp-session-id': sessionId },
						signal: this.#http.signal()
					})
					.catch(() => undefined);
			}
		}
		return { code: 'ok', summary: 'The server answers MCP correctly now.', fix: 'Press Reconnect.' };
	}

	/** 4xx to the POST: is it a legacy SSE endpoint, or is the MCP endpoint elsewhere? */
	async #explainWrongPath(status: number): Promise<Diagnosis> {
		if (await this.#http.isEventStream(this.#http.url)) {
			return {
				code: 'wrong_transport',
				status,
				suggestedTransport: 'sse',
				summary: 'This URL is a legacy HTTP+SSE endpoint, not Streamable HTTP.',
				fix: 'Set the transport to "SSE (legacy)" or "Auto".'
			};
		}
		for (const path of ['/mcp', '/sse']) {
			const candidate = new URL(path, this.#http.url);
			if (candidate.href === this.#http.url.href) continue;
			const found =
				path === '/sse' ? await this.#http.isEventStream(candidate) : await this.#http.answersInitialize(candidate);
			if (found) {
				return {
					code: 'not_found',
					status,
					suggestedUrl: candidate.href,
					suggestedTransport: path === '/sse' ? 'sse' : 'streamable-http',
					summary: `Nothing MCP answers at ${this.#http.url.pathname} (HTTP ${status}), but ${candidate.href} does.`,
					fix: `Use ${candidate.href}.`
				};
			}
		}
		return {
			code: 'not_found',
			status,
			summary: `The server answered HTTP ${status}: there is no MCP endpoint at ${this.#http.url.pathname}.`,
			fix: "Check the path in the server's documentation: usually /mcp (Streamable HTTP) or /sse (legacy)."
		};
	}

	async #runLegacy(): Promise<Diagnosis> {
		if (await this.#http.isEventStream(this.#http.url))
			return { code: 'ok', summary: 'The SSE endpoint answers now.', fix: 'Press Reconnect.' };
		if (await this.#http.answersInitialize(this.#http.url)) {
			return {
				code: 'wrong_transport',
				suggestedTransport: 'streamable-http',
				summary: 'This URL is a Streamable HTTP endpoint, not a legacy SSE one.',
				fix: 'Set the transport to "Streamable HTTP" or "Auto".'
			};
		}
		try {
			const response = await this.#http.initialize();
			return this.#explainAnswer(response);
		} catch {
			return explainFailedRequest(this.#http);
		}
	}
}
