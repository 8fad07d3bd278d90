/**
 * Replay targets in the page: one MCP connection per recorded server, to the address the user
 * chose, apart from the app's own server list (a replay never changes the user's servers,
 * conversation or canvas). Closed when the replay ends.
 */
import { McpConnection } from '$lib/mcp';
import type { ReplayTarget } from './runner.js';

/** A target for `server` at `url`; `close()` ends its connection. */
export function connectionTarget(server: string, url: string): ReplayTarget & { close(): Promise<void> } {
	const connection = new McpConnection({
		name: server,
		url,
		connectTimeoutMs: 15_000,
		defaultCallTimeoutMs: 60_000,
		backoff: { attempts: 0, slowRetryMs: 0 }
	});
	return {
		url,
		listTools: async () => {
			await connection.connect();
			// Plain JSON records: the diff reads them by field name.
			return (await connection.listTools()).map((tool) => ({ ...tool }));
		},
		callTool: (tool, args) => connection.callTool(tool, args, { timeoutMs: 60_000 }),
		close: () => connection.close()
	};
}
