/**
 * Typed errors with stable codes. Local errors (bad input, a missing widget) and wire errors
 * (an LLM provider or an MCP server answering badly) are kept apart so the UI can say what
 * to do next. Messages are written for the person or the model reading them: what went
 * wrong and how to fix it.
 */
export type ErrorCode =
	// input and validation
	| 'invalid_argument'
	| 'validation_failed'
	| 'result_invalid'
	| 'not_found'
	| 'unknown_tool'
	| 'unknown_server'
	| 'blocked'
	| 'denied'
	| 'limit_exceeded'
	| 'timeout'
	| 'aborted'
	// provider (LLM) errors
	| 'provider_auth'
	| 'provider_bad_request'
	| 'provider_rate_limited'
	| 'provider_overloaded'
	| 'provider_unavailable'
	| 'provider_network'
	| 'provider_stream'
	| 'provider_no_tools'
	| 'provider_wrong_endpoint'
	// MCP errors
	| 'mcp_unreachable'
	| 'mcp_cors'
	| 'mcp_auth'
	| 'mcp_not_found'
	| 'mcp_protocol'
	| 'mcp_tool_error'
	| 'mcp_disconnected'
	// HTTP tool errors (REST APIs)
	| 'http_tool_error'
	| 'http_unreachable'
	| 'invalid_descriptor'
	// MCP App Views' own tools
	| 'view_gone'
	// persistence
	| 'storage_corrupt'
	| 'internal';

/** An error a caller can act on: it carries a stable `code` and optional structured details. */
export class AutoUiError extends Error {
	readonly code: ErrorCode;
	readonly details?: unknown;

	constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: unknown }) {
		super(message, options?.cause === undefined ? undefined : { cause: options.cause });
		this.name = 'AutoUiError';
		this.code = code;
		this.details = options?.details;
	}
}

/** True when `error` is an abort (from an AbortSignal or our own `aborted` code). */
export function isAbortError(error: unknown): boolean {
	if (error instanceof AutoUiError) return error.code === 'aborted';
	return error instanceof Error && (error.name === 'AbortError' || error.name === 'APIUserAbortError');
}

/** A readable message for any thrown value. */
export function errorMessage(error: unknown): string {
	if (error instanceof Error) return error.message || error.name;
	if (typeof error === 'string') return error;
	try {
		return JSON.stringify(error);
	} catch {
		return String(error);
	}
}
