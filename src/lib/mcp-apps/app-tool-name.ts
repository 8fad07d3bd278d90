/** The registry name a View's call runs under (loaded with the view code, not at start-up). */
import { buildToolRegistry } from '$lib/agent';
import { withAppTools } from '$lib/agent/app-tools';
import { providerName } from '$lib/agent/registry';
import type { ToolLayer } from '$lib/agent/types';

/** `{server}_mcp_{tool}` as the agent's registry names it, View-only tools included. */
export function appToolName(layers: readonly ToolLayer[], server: string, tool: string): string | undefined {
	const registry = buildToolRegistry(layers.map(withAppTools));
	const entry = registry.servers.find((candidate) => candidate.layer.protocol === 'mcp' && candidate.layer.serverName === server);
	return entry ? providerName(registry, entry, tool) : undefined;
}
