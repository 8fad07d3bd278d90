/**
 * Why the full MCP request failed in transit. A browser cannot read why a CORS request
 * failed, so the probes add one ingredient of the real request at a time:
 *
 *   no-cors request                     fails → unreachable.ts: refused, DNS, TLS or unknown
 *   simple POST (no preflight)          fails → no Access-Control-Allow-Origin
 *   + content-type: application/json    fails → preflight rejected
 *   + mcp-protocol-version, mcp-session-id, each custom header
 *                                       fails → that header missing from Allow-Headers
 */
import type { Diagnosis, DiagnosisCode } from './diagnosis';
import { probeProtocolVersion, type ProbeHttp } from './probe-http';
import { explainUnreachable } from './unreachable';

/**
 * Explains a failed MCP POST: the host is down, or which CORS rule the server lacks. Only
 * call it after the full request failed; each step sends a bare POST to the server.
 */
export async function explainFailedRequest(http: ProbeHttp): Promise<Diagnosis> {
	const failure = await http.reach();
	if (failure !== undefined) return explainUnreachable(http, failure);
	const origin = globalThis.location?.origin ?? "this app's origin";
	if (!(await http.passes({ 'content-type': 'text/plain' }))) {
		return corsDiagnosis(
			'cors_origin',
			`The server does not send Access-Control-Allow-Origin for ${origin}.`,
			`Add the header "Access-Control-Allow-Origin: ${origin}" (or *) to its responses, or use the relay.`
		);
	}
	let headers: Record<string, string> = { 'content-type': 'application/json' };
	if (!(await http.passes(headers))) {
		return corsDiagnosis(
			'cors_preflight',
			'The server rejects the CORS preflight (OPTIONS) for a JSON POST.',
			'Answer OPTIONS with 204, "Access-Control-Allow-Methods: GET, POST, DELETE" and "Access-Control-Allow-Headers: content-type, accept, authorization, mcp-session-id, mcp-protocol-version", or use the relay.'
		);
	}
	const names = [
		'mcp-protocol-version',
		'mcp-session-id',
		...Object.keys(http.options.headers ?? {}).map((name) => name.toLowerCase())
	];
	for (const name of new Set(names)) {
		const value =
			name === 'mcp-protocol-version'
				? probeProtocolVersion
				: name === 'mcp-session-id'
					? 'probe'
					: (http.findHeader(name) ?? 'x');
		headers = { ...headers, [name]: value };
		if (!(await http.passes(headers))) {
			return {
				...corsDiagnosis(
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
		fix: "Press Reconnect; if it keeps failing, check the server's logs."
	};
}

function corsDiagnosis(code: DiagnosisCode, summary: string, fix: string): Diagnosis {
	return { code, summary: `CORS: ${summary}`, fix };
}
