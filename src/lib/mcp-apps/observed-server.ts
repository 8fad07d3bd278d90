/**
 * A server as the agent calls it through the MCP Apps host: the same name, tools and task
 * resumption, with its calls going through `callTool` (which opens a View for tools that
 * have one). One wrapper per server object, so the agent always sees the same one.
 */
import type { ToolServer } from '$lib/shared';

export function observedServer<S extends ToolServer>(
	cache: WeakMap<S, ToolServer>,
	server: S,
	callTool: ToolServer['callTool']
): ToolServer {
	let wrapped = cache.get(server);
	if (!wrapped) {
		wrapped = {
			get name() {
				return server.name;
			},
			protocol: server.protocol,
			listTools: (options) => server.listTools(options),
			callTool,
			...(server.resumeTask ? { resumeTask: server.resumeTask.bind(server) } : {})
		};
		cache.set(server, wrapped);
	}
	return wrapped;
}
