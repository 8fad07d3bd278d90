/**
 * `mcp-app`: an MCP App view — the interactive HTML a server ships with a tool
 * (`_meta.ui.resourceUri`), shown in a sandboxed frame on the app's second origin. The app
 * creates it when such a tool is called (by the model, by hand or by a refresh); the model
 * never displays it directly (`hostOnly`). The record keeps what a reload needs: the server,
 * the tool, its resource, and the last input and result, which the view receives again.
 * A View an AG-UI agent sent (an `mcp-apps` activity) also keeps `via`: the agent and the
 * server as its MCP Apps middleware names it, so it loads through that agent when the app
 * has no connection of that name.
 */
import type { WidgetDefinition } from '../types';
import { object, text, title } from '../shared/schema';

/** The AG-UI agent a View came from, and its server as the agent's MCP Apps middleware names it. */
export type McpAppVia = {
	/** The agent's run endpoint. */
	agent: string;
	serverHash: string;
	serverId?: string;
};

export type McpAppParams = {
	/** The MCP server's display name (the View may call only this server's tools). */
	server: string;
	/** The server's URL, to say what to connect when it is missing. */
	endpoint?: string;
	/** The tool's own name on its server. */
	tool: string;
	/** The View's `ui://` resource. */
	resource: string;
	/** The tool's arguments (sent as `ui/notifications/tool-input`). */
	toolInput: Record<string, unknown>;
	/** True while the model still writes the arguments (the View gets `tool-input-partial`). */
	inputPending?: boolean;
	/** The tool's result (sent as `ui/notifications/tool-result`), once it finished. */
	toolResult?: Record<string, unknown>;
	/** Why the call did not finish (sent as `ui/notifications/tool-cancelled`). */
	cancelled?: string;
	/** The agent that proxies the View's MCP requests (see {@link McpAppVia}). */
	via?: McpAppVia;
	/** Why the View could not be opened (the widget says so instead of loading it). */
	openError?: string;
	title?: string;
};

export const mcpAppDefinition: WidgetDefinition<McpAppParams> = {
	name: 'mcp-app',
	title: 'MCP App',
	description: "An MCP server's own interactive view for one of its tool calls, in a sandboxed frame.",
	category: 'interaction',
	schema: object(
		{
			server: text('MCP server display name', 200),
			endpoint: text('MCP server URL', 2000),
			tool: text('Tool name on that server', 200),
			resource: { type: 'string', pattern: '^ui://', maxLength: 2000, description: 'The view resource (ui://…)' },
			// Data for the sandboxed View only (the app never renders it): `x-opaque` keeps the
			// app's URL policy out of it, so a `file:` argument reaches the View as its server sent it.
			toolInput: { type: 'object', description: 'The tool call arguments', 'x-opaque': true },
			inputPending: { type: 'boolean', description: 'The arguments are still streaming' },
			toolResult: { type: 'object', description: 'The tool call result (MCP CallToolResult)', 'x-opaque': true },
			cancelled: text('Why the call did not finish', 500),
			openError: text('Why the view could not be opened', 2000),
			via: object(
				{
					agent: text('The AG-UI agent that proxies this view', 2000),
					serverHash: text("The server's hash in the agent's MCP Apps middleware", 200),
					serverId: text("The server's id in the agent's MCP Apps middleware", 200)
				},
				['agent', 'serverHash']
			),
			title
		},
		['server', 'tool', 'resource', 'toolInput']
	),
	example: {
		server: 'Basic MCP App Server',
		endpoint: 'http://127.0.0.1:3001/mcp',
		tool: 'get-time',
		resource: 'ui://get-time/mcp-app.html',
		toolInput: {},
		toolResult: {
			content: [{ type: 'text', text: '2026-01-26T09:00:00.000Z' }],
			structuredContent: { time: '2026-01-26T09:00:00.000Z' }
		}
	},
	recipe: {
		whenToUse: 'Never chosen by the model: the app shows it when a tool that declares an MCP App view is called.',
		howToUse: 'Call the tool itself; its view appears on the canvas with the call’s input and result.'
	},
	defaultSize: { w: 480, h: 420 },
	keywords: ['mcp app', 'view', 'interactive', 'server ui'],
	hostOnly: true
};
