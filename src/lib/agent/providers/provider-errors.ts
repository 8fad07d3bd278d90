/**
 * Turns what the SDKs throw into our typed errors with messages a person can act on
 * ("the API key was rejected — check Settings"), and classifies failures for the retry
 * loop. Both official SDKs throw errors of the same shape (status, headers, error body), so
 * one reading serves both wire formats.
 */
import { AutoUiError, type ErrorCode } from '$lib/shared';
import { endpointName, isLocalEndpoint, localServerName } from './endpoints';
import { findStreamIdle } from './idle-timeout';
import { findWrongEndpoint, isLocalUnreachable } from './response-check';
import { isRetryableStatus, parseRetryAfter, type AttemptFailure } from './retry';
import type { ProviderId } from './types';

/** What an error message needs to know about the call that failed. */
export interface ErrorContext {
	provider: ProviderId;
	/** The base URL the request went to (shown in "unreachable" messages). */
	baseUrl: string;
	model: string;
	hasKey: boolean;
	useServerKey: boolean;
}

/** The fields of an SDK APIError we read. */
interface SdkError {
	name?: string;
	message?: string;
	status?: number;
	headers?: { get(name: string): string | null };
	error?: unknown;
	type?: string | null;
	cause?: unknown;
}

/** A stream that ended (or broke) before the provider said it was complete. */
export class StreamIncompleteError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'StreamIncompleteError';
	}
}

function asSdkError(error: unknown): SdkError {
	return typeof error === 'object' && error !== null ? (error as SdkError) : { message: String(error) };
}

/** The provider's own message (from the error body), without the SDK's status prefix. */
export function wireMessage(error: unknown): string {
	const sdk = asSdkError(error);
	const body = sdk.error as { message?: unknown; error?: { message?: unknown } } | undefined;
	const message = body?.error?.message ?? body?.message ?? sdk.message ?? '';
	return String(typeof message === 'string' ? message : JSON.stringify(message)).replace(/^\d{3}\s+/, '');
}

/** The provider's error type (overloaded_error, rate_limit_error, …), when it gave one. */
export function wireType(error: unknown): string | undefined {
	const sdk = asSdkError(error);
	const body = sdk.error as { type?: unknown; error?: { type?: unknown } } | undefined;
	const type = sdk.type ?? body?.error?.type ?? body?.type;
	return typeof type === 'string' ? type : undefined;
}

/** True for an abort, from our signal or the SDK. */
export function isAbort(error: unknown): boolean {
	const { name, message } = asSdkError(error);
	if (error instanceof AutoUiError) return error.code === 'aborted';
	return name === 'AbortError' || name === 'APIUserAbortError' || message === 'Request was aborted.';
}

/** True for an SDK timeout (the SDKs' messages are stable; class names do not survive minifying). */
function isTimeout(error: unknown): boolean {
	const { name, message } = asSdkError(error);
	return /Timeout/.test(name ?? '') || message === 'Request timed out.';
}

/**
 * True for a failure to reach the endpoint or to read its answer (no HTTP status, no
 * provider error body): connection refused, DNS, CORS, a dropped connection.
 */
function isConnectionFailure(error: unknown): boolean {
	const sdk = asSdkError(error);
	if (error instanceof StreamIncompleteError || error instanceof TypeError) return true;
	if (sdk.status !== undefined || wireType(error)) return false;
	return (
		/Connection/.test(sdk.name ?? '') ||
		sdk.message === 'Connection error.' ||
		sdk.cause instanceof TypeError ||
		isTimeout(error)
	);
}

/** Error types a provider reports inside a stream that are worth another attempt. */
const transientStreamErrors = new Set([
	'overloaded_error',
	'api_error',
	'rate_limit_error',
	'server_error',
	'rate_limit_exceeded',
	'timeout'
]);

/**
 * Classifies a failed attempt for the retry loop. A request to this machine or a private
 * network that got no answer at all (refused, nothing listening) fails the same way a second
 * later, so it is not retried; a stream cut after an answer began, and timeouts, still are.
 */
export function classifyFailure(error: unknown): AttemptFailure {
	const wrong = findWrongEndpoint(error);
	if (wrong) return { retryable: false, reason: wrong.message };
	const sdk = asSdkError(error);
	const type = wireType(error);
	if (sdk.status !== undefined) {
		const label =
			sdk.status === 429
				? 'rate limited'
				: sdk.status === 529 || type === 'overloaded_error'
					? 'overloaded'
					: 'server error';
		return {
			retryable: isRetryableStatus(sdk.status),
			reason: `${sdk.status} ${label}`,
			status: sdk.status,
			retryAfterMs: parseRetryAfter(sdk.headers)
		};
	}
	if (type && transientStreamErrors.has(type)) return { retryable: true, reason: type.replace(/_/g, ' ') };
	if (isLocalUnreachable(error)) return { retryable: false, reason: 'no answer' };
	if (isConnectionFailure(error)) return { retryable: true, reason: 'network error' };
	return { retryable: false, reason: wireMessage(error) || 'unexpected error' };
}

/** What a base URL usually looks like, for the wire formats that take one. */
function baseUrlHint(provider: ProviderId): string {
	if (provider === 'openai') return ' (OpenAI-compatible URLs usually end in /v1)';
	if (provider === 'anthropic') return ' (the Anthropic base URL has no /v1)';
	return '';
}

function unreachable(context: ErrorContext): string {
	if (context.useServerKey)
		return `the app's LLM proxy at ${context.baseUrl} did not answer — is the app's server running?`;
	if (isLocalEndpoint(context.baseUrl)) {
		const server = localServerName(context.baseUrl);
		const origins = server === 'Ollama' ? ' (for Ollama, set OLLAMA_ORIGINS to allow this page)' : '';
		return `endpoint unreachable at ${context.baseUrl} — is ${server} running, and does it allow requests from this page${origins}?`;
	}
	return `endpoint unreachable at ${context.baseUrl} — check the base URL in Settings and your network connection`;
}

function authMessage(context: ErrorContext, detail: string): string {
	const name = endpointName(context);
	if (context.useServerKey)
		return `the server's API key was rejected by ${name} (${detail}) — check the key in the server's environment`;
	if (!context.hasKey) return `${name} needs an API key (${detail}) — add one in Settings`;
	return `the API key was rejected by ${name} (${detail}) — check Settings`;
}

/** How servers say a model cannot call tools (Ollama, vLLM, LM Studio, llama.cpp, Groq, OpenRouter…). */
const noToolsPattern =
	/does not support tools|tools? (?:are|is) not supported|does not support (?:function|tool)|tool[_ ]?(?:use|calling|choice) is not supported|not support tool|no endpoints found that support tool use|tools param requires --jinja/i;

/**
 * The typed, actionable error for a call that failed for good. `afterContent`: part of the
 * answer was already shown, so a dropped connection is a broken stream, not an unreachable
 * endpoint.
 */
export function toProviderError(error: unknown, context: ErrorContext, retries = 0, afterContent = false): AutoUiError {
	if (error instanceof AutoUiError) return error;
	if (isAbort(error)) return new AutoUiError('aborted', 'the request was stopped', { cause: error });
	const idle = findStreamIdle(error);
	if (idle) {
		return new AutoUiError(
			'provider_stream',
			`${endpointName(context)} ${idle.message} while answering, so the answer was stopped${retries > 0 ? ` (after ${retries} ${retries === 1 ? 'retry' : 'retries'})` : ''} — send the message again`,
			{
				cause: error,
				details: { provider: context.provider, retries }
			}
		);
	}
	const wrong = findWrongEndpoint(error);
	if (wrong) {
		return new AutoUiError('provider_wrong_endpoint', `${wrong.message}${baseUrlHint(context.provider)}`, {
			cause: error,
			details: { status: wrong.status, provider: context.provider, retries, body: wrong.body || undefined }
		});
	}
	if (afterContent && !(error instanceof StreamIncompleteError) && isConnectionFailure(error)) {
		return toProviderError(
			new StreamIncompleteError(`the connection dropped: ${wireMessage(error) || 'no details'}`),
			context,
			retries
		);
	}
	const sdk = asSdkError(error);
	const detail = wireMessage(error) || 'no details';
	const name = endpointName(context);
	const after = retries > 0 ? ` (after ${retries} ${retries === 1 ? 'retry' : 'retries'})` : '';
	const make = (code: ErrorCode, message: string) =>
		new AutoUiError(code, message, {
			cause: error,
			details: { status: sdk.status, provider: context.provider, retries }
		});
	if (error instanceof StreamIncompleteError) {
		return make(
			'provider_stream',
			`the answer from ${name} broke off before it was complete (${error.message})${after} — send the message again`
		);
	}
	const type = wireType(error);
	const status = sdk.status;
	if (status === undefined) {
		if (type === 'overloaded_error')
			return make('provider_overloaded', `${name} is overloaded${after} — try again in a minute`);
		if (type) return make('provider_stream', `${name} reported an error while streaming: ${detail}${after}`);
		if (isTimeout(error))
			return make('provider_network', `${name} did not answer in time at ${context.baseUrl}${after} — try again`);
		if (isConnectionFailure(error)) return make('provider_network', `${unreachable(context)}${after}`);
		return make('internal', `unexpected error from ${name}: ${detail}`);
	}
	if (status === 401) return make('provider_auth', authMessage(context, detail));
	if (status === 403)
		return make(
			'provider_auth',
			`${name} refused the request with this key (${detail}) — check the key's permissions in Settings`
		);
	if (noToolsPattern.test(detail)) {
		const hint = /--jinja/.test(detail) ? ' (or start llama.cpp with --jinja)' : '';
		return make(
			'provider_no_tools',
			`model ${context.model} does not support tools — pick a model with tool calling in Settings${hint}`
		);
	}
	if (status === 404) {
		if (/model/i.test(detail))
			return make(
				'provider_bad_request',
				`model ${context.model} was not found at ${context.baseUrl} (${detail}) — pick another model in Settings`
			);
		return make(
			'provider_bad_request',
			`${context.baseUrl} has no such API (${detail}) — check the base URL in Settings${baseUrlHint(context.provider)}`
		);
	}
	if (status === 413)
		return make(
			'provider_bad_request',
			`the request is too large for ${context.model} (${detail}) — start a new conversation or remove some tools`
		);
	if (status === 429)
		return make(
			'provider_rate_limited',
			`rate limit reached at ${name}${after}: ${detail} — wait a minute, or use a key with higher limits`
		);
	if (status === 529 || type === 'overloaded_error')
		return make('provider_overloaded', `${name} is overloaded${after} — try again in a minute`);
	if (status >= 500)
		return make(
			'provider_unavailable',
			`${name} answered with an error ${status}${after}: ${detail} — try again later`
		);
	return make('provider_bad_request', `${name} rejected the request (${status}): ${detail}`);
}
