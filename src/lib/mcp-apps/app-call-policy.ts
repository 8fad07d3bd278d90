/**
 * Which tool calls a View may make (spec: "Visibility"): only tools of the server that
 * served the View, and only those whose visibility includes "app". Anything else — a tool
 * of another server, a name the model uses (`server_mcp_tool`), an autoui tool, a
 * model-only tool — is refused before it reaches the agent's call path, which then applies
 * the same approval rules as for the model.
 *
 * A View an AG-UI agent sent, whose server the app reaches only through that agent, can call
 * only that server (the agent's MCP Apps middleware picks it), but its tool list is not
 * known here (the middleware relays no `tools/list`): `checkProxiedToolCall` checks the
 * request, and the View's session asks the user once per tool before it goes.
 */
import type { ToolDefinition } from '$lib/shared';
import { isAppCallable } from './tool-meta';

/** The verdict on one `tools/call` from a View. */
export type AppCallVerdict =
	| { ok: true; tool: ToolDefinition }
	| { ok: false; code: 'mcp_disconnected' | 'unknown_tool' | 'not_app_visible' | 'invalid_request'; message: string };

/**
 * Decides on a View's `tools/call`. `tools` is the full tool list of the View's own server
 * (undefined while it is not connected).
 */
export function checkAppToolCall(request: {
	server: string;
	name: unknown;
	tools: readonly ToolDefinition[] | undefined;
}): AppCallVerdict {
	const { server, name, tools } = request;
	if (typeof name !== 'string' || !name)
		return { ok: false, code: 'invalid_request', message: 'tools/call needs a tool name.' };
	if (!tools)
		return {
			ok: false,
			code: 'mcp_disconnected',
			message: `MCP server "${server}" is not connected; connect it to use this View.`
		};
	const tool = tools.find((candidate) => candidate.name === name);
	if (!tool) {
		return {
			ok: false,
			code: 'unknown_tool',
			message: `"${name}" is not a tool of MCP server "${server}". A View may call only its own server's tools.`
		};
	}
	if (!isAppCallable(tool)) {
		return {
			ok: false,
			code: 'not_app_visible',
			message: `Tool "${name}" of "${server}" is not callable from a View (its visibility does not include "app").`
		};
	}
	return { ok: true, tool };
}

/** The longest tool name a View may send through an agent. */
export const maxProxiedToolName = 128;

/** Decides on a `tools/call` a View sends through the agent that sent it. */
export function checkProxiedToolCall(request: {
	server: string;
	name: unknown;
	arguments: unknown;
}): { ok: true; name: string } | { ok: false; code: 'invalid_request'; message: string } {
	const { server, name } = request;
	if (typeof name !== 'string' || !name.trim())
		return { ok: false, code: 'invalid_request', message: 'tools/call needs a tool name.' };
	if (name.length > maxProxiedToolName || [...name].some((char) => char.charCodeAt(0) < 32))
		return {
			ok: false,
			code: 'invalid_request',
			message: `"${name.slice(0, 40)}…" is not a tool name of MCP server "${server}" (too long or with control characters).`
		};
	const args = request.arguments;
	if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
		return { ok: false, code: 'invalid_request', message: `tools/call "${name}": arguments must be an object.` };
	return { ok: true, name };
}
