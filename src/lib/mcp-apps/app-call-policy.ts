/**
 * Which tool calls a View may make (spec: "Visibility"): only tools of the server that
 * served the View, and only those whose visibility includes "app". Anything else — a tool
 * of another server, a name the model uses (`server_mcp_tool`), an autoui tool, a
 * model-only tool — is refused before it reaches the agent's call path, which then applies
 * the same approval rules as for the model.
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
