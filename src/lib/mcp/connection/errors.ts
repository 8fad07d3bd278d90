/**
 * Turns whatever the SDK or the network threw into an `AutoUiError` with an `mcp_*` code and
 * a message that says what to do. The classifiers are also used by the connection to decide
 * between "retry after re-initialising", "reconnect" and "report".
 */
import { AutoUiError, errorMessage, type ToolCallResult } from '$lib/shared';
import { loadedSdk } from './sdk-loader';

/** HTTP status carried by an SDK transport error, when there is one. */
export function httpStatusOf(error: unknown): number | undefined {
	const sdk = loadedSdk();
	if (!sdk) return undefined;
	if (error instanceof sdk.SdkHttpError) return error.status >= 100 ? error.status : undefined;
	if (error instanceof sdk.SseError)
		return typeof error.code === 'number' && error.code >= 100 ? error.code : undefined;
	return undefined;
}

/**
 * True when the server no longer knows our session: the specification says 404 for a request
 * that carries an unknown `Mcp-Session-Id`; many servers answer 400 "No valid session ID".
 */
export function isSessionExpired(error: unknown): boolean {
	const status = httpStatusOf(error);
	if (status === 404) return true;
	return status === 400 && /session/i.test(errorMessage(error));
}

/** True for failures of the network path itself (refused, reset, DNS, dropped stream). */
export function isNetworkError(error: unknown): boolean {
	if (error instanceof TypeError) return true;
	const message = errorMessage(error);
	if (
		/fetch failed|failed to fetch|networkerror|ECONNREFUSED|ECONNRESET|socket hang up|SSE stream disconnected|terminated|other side closed/i.test(
			message
		)
	)
		return true;
	const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
	return cause !== undefined && cause !== error && isNetworkError(cause);
}

/** True when the SDK rejected a pending request because the connection was closed under it (a local `SdkError`). */
export function isConnectionClosed(error: unknown): boolean {
	const sdk = loadedSdk();
	return sdk !== undefined && error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.ConnectionClosed;
}

/** True when the SDK gave up waiting for an answer. */
export function isRequestTimeout(error: unknown): boolean {
	const sdk = loadedSdk();
	return sdk !== undefined && error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.RequestTimeout;
}

/** True when choosing the protocol revision failed (e.g. a pinned 2026-07-28 the server does not offer). */
export function isEraNegotiationFailure(error: unknown): boolean {
	const sdk = loadedSdk();
	return sdk !== undefined && error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.EraNegotiationFailed;
}

/** True when the server (or the SDK on its behalf) demands credentials. */
export function isUnauthorized(error: unknown): boolean {
	const sdk = loadedSdk();
	return (sdk !== undefined && error instanceof sdk.UnauthorizedError) || httpStatusOf(error) === 401;
}

/**
 * True when the SDK refused a sign-in as unsafe or failed (an authorization server that is
 * not the one the server names, a resource that does not match the server, an OAuth error).
 */
export function isSignInFailure(error: unknown): boolean {
	const sdk = loadedSdk();
	if (sdk && (error instanceof sdk.OAuthClientFlowError || error instanceof sdk.OAuthError)) return true;
	return /^Protected resource .* does not match/.test(errorMessage(error));
}

/**
 * Maps a failure of a request to server `serverName` into an AutoUiError. `what` names the
 * request for the message ("tool echo", "tools/list").
 */
export function toMcpError(error: unknown, serverName: string, what: string): AutoUiError {
	if (error instanceof AutoUiError) return error;
	const message = errorMessage(error);
	if (isUnauthorized(error)) {
		return new AutoUiError(
			'mcp_auth',
			`MCP server "${serverName}" refused ${what}: authentication required. Sign in with OAuth or add an Authorization header in the MCP panel.`,
			{ cause: error }
		);
	}
	if (isSignInFailure(error)) {
		return new AutoUiError(
			'mcp_auth',
			`Signing in to MCP server "${serverName}" for ${what} failed and was stopped: ${message}. Check the server's OAuth setup, then sign in again.`,
			{
				cause: error
			}
		);
	}
	const status = httpStatusOf(error);
	if (status === 404 || status === 405) {
		return new AutoUiError(
			'mcp_not_found',
			`MCP server "${serverName}" answered HTTP ${status} to ${what}: the URL is probably not an MCP endpoint (check the path, e.g. /mcp for Streamable HTTP or /sse for the legacy transport).`,
			{ cause: error }
		);
	}
	if (isNetworkError(error)) {
		return new AutoUiError(
			'mcp_unreachable',
			`MCP server "${serverName}" could not be reached for ${what} (${message}). Check that it is running and reachable from this browser.`,
			{ cause: error }
		);
	}
	if (isConnectionClosed(error)) {
		return new AutoUiError(
			'mcp_disconnected',
			`The connection to MCP server "${serverName}" dropped during ${what}; the call did not complete. The app reconnects on its own; retry in a moment.`,
			{ cause: error }
		);
	}
	if (isRequestTimeout(error)) {
		return new AutoUiError('timeout', `MCP server "${serverName}" did not answer ${what} in time.`, { cause: error });
	}
	const sdk = loadedSdk();
	if (sdk && error instanceof sdk.ProtocolError) {
		return new AutoUiError('mcp_tool_error', `MCP server "${serverName}" rejected ${what}: ${message}`, {
			cause: error,
			details: { rpcCode: error.code, data: error.data }
		});
	}
	if (status !== undefined) {
		return new AutoUiError(
			'mcp_protocol',
			`MCP server "${serverName}" answered HTTP ${status} to ${what}: ${message}`,
			{ cause: error }
		);
	}
	return new AutoUiError(
		'mcp_protocol',
		`MCP server "${serverName}" sent an answer that is not valid MCP for ${what} (${message}). Check that the URL points at an MCP endpoint.`,
		{ cause: error }
	);
}

/** Names and advice for the JSON-RPC error codes a server may answer tools/call with. */
const rpcMeanings: Record<number, { name: string; advice: string }> = {
	[-32700]: {
		name: 'parse error',
		advice: 'The server could not read the request; retrying the same call will not help.'
	},
	[-32600]: {
		name: 'invalid request',
		advice: 'The server rejected the request itself; retrying the same call will not help.'
	},
	[-32601]: { name: 'method not found', advice: 'The server does not support this call; use another tool.' },
	[-32602]: {
		name: 'invalid params',
		advice: 'check the tool name and its input schema (list the tools again), fix the arguments and call again.'
	},
	[-32603]: {
		name: 'internal error',
		advice: 'The server failed while running the tool; try other arguments or another tool.'
	}
};

/**
 * When a server answered tools/call with a JSON-RPC error (unknown tool, invalid params…)
 * rather than an `isError` result: that error as a tool result the model can read and act
 * on, naming the code and what it means. Undefined for anything else (transport failures,
 * timeouts, a closed connection), which stay thrown.
 */
export function rpcErrorResult(error: unknown, serverName: string, tool: string): ToolCallResult | undefined {
	const sdk = loadedSdk();
	if (!sdk || !(error instanceof sdk.ProtocolError)) return undefined;
	if (typeof error.code !== 'number' || error.code >= 0) return undefined;
	const meaning = rpcMeanings[error.code] ?? {
		name: 'server error',
		advice: 'Read the message, then fix the call or use another tool.'
	};
	const message = error.message.replace(/^(MCP error -?\d+:\s*)+/, '');
	const text = `JSON-RPC error ${error.code} (${meaning.name}) from MCP server "${serverName}" for tool "${tool}": ${message}. ${meaning.advice[0].toUpperCase()}${meaning.advice.slice(1)}`;
	return {
		isError: true,
		content: [{ type: 'text', text }],
		structuredContent: { error: message, code: error.code, meaning: meaning.name }
	};
}
