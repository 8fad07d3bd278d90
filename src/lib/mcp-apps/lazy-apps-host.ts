/**
 * The MCP Apps host with its code loaded beside the page instead of in it: the loading starts
 * at once (so the host's focus guard still sees the page's keys before any View), and what
 * the page asks before it ends is applied in order when it does. Until then no View exists,
 * so `retain`, `themeChanged` and `withModelContext` have nothing to act on; a tool call, an
 * agent event that opens a View, and `mount` wait for the host. Keeps `apps-host.ts` out of
 * the first route's JavaScript.
 */
import type { AgentEvent } from '$lib/agent/events';
import type { ToolServer } from '$lib/shared';
import type { McpAppViewHost, ViewHandle, ViewMountArgs } from '$lib/widgets/mcp-app/view-host';
import type { HostConnection, McpAppsHost, McpAppsHostOptions } from './apps-host';
import { observedServer } from './observed-server';

/** What the page uses of the host (the widgets use `McpAppViewHost`). */
export type PageAppsHost = McpAppViewHost &
	Pick<McpAppsHost, 'observe' | 'agentEvent' | 'retain' | 'themeChanged' | 'withModelContext'>;

/** Same contract as `new McpAppsHost(options)`, loading it on creation. */
export function lazyMcpAppsHost(options: McpAppsHostOptions): PageAppsHost {
	let host: McpAppsHost | undefined;
	let loading: Promise<McpAppsHost> | undefined;
	// Agent events given while the host loads, applied in their order once it is there.
	let queued: AgentEvent[] | undefined;
	const observed = new WeakMap<HostConnection, ToolServer>();
	const load = (): Promise<McpAppsHost> =>
		(loading ??= import('./apps-host').then(
			({ McpAppsHost }) => {
				host = new McpAppsHost(options);
				for (const event of queued ?? []) host.agentEvent(event);
				queued = undefined;
				return host;
			},
			(error: unknown) => {
				// Tried again by the next call that needs the host.
				loading = undefined;
				throw error;
			}
		));
	if (typeof window !== 'undefined') load().catch(() => undefined);

	return {
		// A wrapper of its own, so the agent sees one server object before and after the load.
		observe: (connection) =>
			observedServer(observed, connection, async (name, args, callOptions) =>
				(await load()).observe(connection).callTool(name, args, callOptions)
			),
		agentEvent(event) {
			if (host) return host.agentEvent(event);
			// The host starts following the agent with the first streamed tool input.
			if (!queued && event.type !== 'tool-input-delta') return;
			(queued ??= []).push(event);
			void load().catch(() => (queued = undefined));
		},
		retain: (records) => host?.retain(records),
		themeChanged: () => host?.themeChanged(),
		withModelContext: (text) => (host ? host.withModelContext(text) : text),
		serverConnected: (server) => options.serverConnected(server),
		agentReady: (via) => !!options.agentProxy?.(via),
		mount: async (...args: ViewMountArgs) => (await load()).mount(...args),
		unmount: (widgetId: string, handle: ViewHandle) => host?.unmount(widgetId, handle)
	};
}
