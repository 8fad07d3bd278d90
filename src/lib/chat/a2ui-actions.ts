/**
 * Where a user action on an A2UI surface goes: back to where the surface came from. A surface
 * an MCP server returned calls that server's `action` tool with `{ name, context }` (the
 * action's name and its context, bindings resolved), as the A2UI over MCP guide describes,
 * through the app's direct-call path (approvals, console entry); anything else, and a server
 * without an `action` tool, goes to the chat as a message, which reaches the model or starts
 * the AG-UI agent's next run.
 */
import type { DirectCallOutcome, DirectCallRequest } from '$lib/agent';

/** A user action on a surface (what the `a2ui` widget reports with its message). */
export interface SurfaceAction {
	surfaceId: string;
	componentId: string;
	name: string;
	context: Record<string, unknown>;
}

/** Where a surface came from (the `origin` param of an `a2ui` widget). */
export type SurfaceOrigin = { kind: 'agent' } | { kind: 'mcp'; server: string };

/** What routing needs from the app. */
export interface ActionRoutes {
	/** The registry name of `tool` on `server`, when that server offers it. */
	toolName(server: string, tool: string): string | undefined;
	callTool(request: DirectCallRequest): Promise<DirectCallOutcome>;
	/** Sends a chat message (the model, or the AG-UI agent's next run). */
	send(text: string): void;
}

/** The tool an MCP server answers its surfaces' user actions with (A2UI over MCP). */
export const actionToolName = 'action';

/** The origin of an `a2ui` widget's params, when it names one. */
export function surfaceOrigin(params: unknown): SurfaceOrigin | undefined {
	const origin = (params as { origin?: unknown } | null)?.origin as Record<string, unknown> | undefined;
	if (origin?.kind === 'agent') return { kind: 'agent' };
	if (origin?.kind === 'mcp' && typeof origin.server === 'string') return { kind: 'mcp', server: origin.server };
	return undefined;
}

/** Routes one action; resolves with the tool call's outcome when a server's tool ran it. */
export async function routeAction(
	message: string,
	action: SurfaceAction,
	origin: SurfaceOrigin | undefined,
	routes: ActionRoutes
): Promise<DirectCallOutcome | undefined> {
	if (origin?.kind !== 'mcp') {
		routes.send(message);
		return undefined;
	}
	const tool = routes.toolName(origin.server, actionToolName);
	if (!tool) {
		routes.send(message);
		return undefined;
	}
	return routes.callTool({ tool, args: { name: action.name, context: action.context }, origin: 'app' });
}
