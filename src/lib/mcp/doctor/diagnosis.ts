/**
 * What the connection doctor reports: the diagnosis codes, the diagnosis record the MCP
 * panel shows, and the options a probe takes. Types only, so importing them loads nothing.
 */
import type { TransportChoice } from '../connection/transport';
import type { ProtocolChoice } from '../connection/protocol-revision';

/** What the doctor found. */
export type DiagnosisCode =
	| 'ok'
	| 'invalid_url'
	| 'mixed_content'
	| 'blocked_url'
	| 'blocked_port'
	| 'unreachable'
	| 'refused'
	| 'dns'
	| 'tls'
	| 'cors_origin'
	| 'cors_preflight'
	| 'cors_header'
	| 'cors_expose'
	| 'auth_required'
	| 'forbidden'
	| 'not_found'
	| 'wrong_transport'
	| 'not_mcp'
	| 'server_error'
	/** The server does not speak the protocol revision chosen for it. */
	| 'protocol_revision';

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
	/** A protocol choice that would connect, when the chosen revision is the problem. */
	suggestedProtocol?: ProtocolChoice;
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
	/** The revision chosen for the server: `modern` also checks the 2026-07-28 request headers' CORS. */
	protocol?: ProtocolChoice;
}
