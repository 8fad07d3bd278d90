/**
 * MCP Apps: tools only a server's Views may call (`_meta.ui.visibility: ["app"]`) sit in
 * `McpLayer.appTools`, out of the model's sight. Calls of origin `app` see them too.
 */
import type { ToolLayer } from '../types';

/** The layer with its View-only tools added (for a View's calls). */
export function withAppTools(layer: ToolLayer): ToolLayer {
	return layer.protocol === 'mcp' && layer.appTools?.length
		? { ...layer, tools: [...layer.tools, ...layer.appTools] }
		: layer;
}
