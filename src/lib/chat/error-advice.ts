/**
 * What the chat tells the user when a turn fails: a short title, what to do next, and the
 * one action that helps most. Keyed by the stable AutoUiError codes the loop reports.
 */
import type { ErrorCode } from '$lib/shared';

/** The action button an error card offers. */
export type AdviceAction = 'settings' | 'servers' | 'retry' | 'new-conversation';

/** Advice for one failed turn. */
export interface ErrorAdvice {
	title: string;
	/** What to do next, in a sentence or two. */
	hint: string;
	action: AdviceAction;
}

const table: Partial<Record<ErrorCode, ErrorAdvice>> = {
	provider_auth: {
		title: 'The API key was rejected',
		hint: 'Open Settings and check the key: it may be mistyped, expired, or for another provider.',
		action: 'settings'
	},
	provider_network: {
		title: 'The model endpoint is unreachable',
		hint: 'Check the base URL in Settings and your connection. A local model server must be running.',
		action: 'settings'
	},
	provider_no_tools: {
		title: 'This model does not support tools',
		hint: 'Pick a model with tool calling in Settings; AutoUI answers through tools.',
		action: 'settings'
	},
	provider_rate_limited: {
		title: 'The provider is rate limiting requests',
		hint: 'Wait a moment, then retry. A key with a higher limit or a smaller model also helps.',
		action: 'retry'
	},
	provider_overloaded: {
		title: 'The provider is overloaded',
		hint: 'This is usually brief: retry in a few seconds.',
		action: 'retry'
	},
	provider_unavailable: {
		title: 'The provider is unavailable',
		hint: 'Retry in a little while, or switch provider in Settings.',
		action: 'retry'
	},
	provider_bad_request: {
		title: 'The provider rejected the request',
		hint: 'The provider says why below. Check the model and base URL in Settings; a long conversation may need a new one.',
		action: 'settings'
	},
	provider_wrong_endpoint: {
		title: 'The base URL is not a model API',
		hint: 'Something answered, but not the API of the chosen provider. Check the base URL and the provider in Settings.',
		action: 'settings'
	},
	provider_stream: {
		title: 'The answer was cut off',
		hint: 'The stream from the provider broke off. Retry the turn.',
		action: 'retry'
	},
	mcp_unreachable: {
		title: 'A data server is down',
		hint: 'Check that the server runs and that its URL is right in the server list, then retry.',
		action: 'servers'
	},
	mcp_cors: {
		title: 'The browser blocked a data server',
		hint: 'The server does not allow this page (CORS). Allow this origin on the server or connect it through the relay.',
		action: 'servers'
	},
	mcp_auth: {
		title: 'A data server needs you to sign in',
		hint: 'Open the server list and sign in or add its token.',
		action: 'servers'
	},
	mcp_not_found: {
		title: 'A data server was not found',
		hint: 'The URL answered 404. Check the path (often /mcp or /sse) in the server list.',
		action: 'servers'
	},
	mcp_protocol: {
		title: 'A data server answered unexpectedly',
		hint: 'It may not speak MCP at this URL. Check the URL and its transport in the server list.',
		action: 'servers'
	},
	mcp_disconnected: {
		title: 'A data server disconnected',
		hint: 'Reconnect it from the server list, then retry.',
		action: 'servers'
	},
	mcp_tool_error: {
		title: 'A tool failed',
		hint: 'The server reported an error. Retry, or rephrase the question.',
		action: 'retry'
	},
	limit_exceeded: {
		title: 'A limit was reached',
		hint: 'The turn used too many steps or tool calls. Ask a narrower question, or retry.',
		action: 'retry'
	},
	timeout: {
		title: 'The turn timed out',
		hint: 'Something took too long to answer. Retry; if it keeps happening check the servers.',
		action: 'retry'
	},
	aborted: { title: 'Stopped', hint: 'You stopped this turn. Retry it or ask something else.', action: 'retry' },
	storage_corrupt: {
		title: 'Saved data could not be read',
		hint: 'Start a new conversation; the damaged data was set aside.',
		action: 'new-conversation'
	}
};

const noKey: ErrorAdvice = {
	title: 'No API key yet',
	hint: 'Open Settings and add a key for your provider, or point it at a local model.',
	action: 'settings'
};

/**
 * Advice for an error code. Unknown codes get a generic retry advice; `provider_auth`
 * messages that say the key is missing get "add a key" rather than "key rejected".
 */
export function adviceFor(code: string, message = ''): ErrorAdvice {
	if (code === 'provider_auth' && /\b(no|missing)\b.*\bkey\b/i.test(message)) return noKey;
	const known = table[code as ErrorCode];
	if (known) return known;
	if (code.startsWith('mcp_'))
		return { title: 'A data server failed', hint: 'Check the server list, then retry.', action: 'servers' };
	if (code.startsWith('provider_'))
		return { title: 'The model provider failed', hint: 'Check Settings, then retry.', action: 'retry' };
	return { title: 'Something went wrong', hint: 'Retry the turn; the details are below.', action: 'retry' };
}
