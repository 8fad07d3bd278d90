/**
 * The MCP Apps extension (`io.modelcontextprotocol/ui`) as a connection meets it: the
 * identifier and View type the client advertises, and what a tool says in its `_meta`: the
 * View that renders its results (`_meta.ui.resourceUri`, or the deprecated flat
 * `_meta["ui/resourceUri"]`) and who may call it (`_meta.ui.visibility`, default both the
 * model and the View). Pure functions over `ToolDefinition`s, shared by the layer the model
 * sees and the MCP Apps host that answers a View's calls (it re-exports them).
 */
import { isPlainObject, type ToolDefinition } from '$lib/shared';

/** The extension's identifier, as advertised in the client's `capabilities.extensions`. */
export const uiExtensionId = 'io.modelcontextprotocol/ui';
/** The one View content type this host renders. */
export const viewMimeType = 'text/html;profile=mcp-app';

/** Who may call a tool: the model (the agent) and/or the View of its own server. */
export type ToolVisibility = 'model' | 'app';

function uiMeta(tool: Pick<ToolDefinition, '_meta'>): Record<string, unknown> | undefined {
	const ui = tool._meta?.ui;
	return isPlainObject(ui) ? ui : undefined;
}

/** The `ui://` resource that renders this tool's results, if it declares one. */
export function uiResourceUri(tool: Pick<ToolDefinition, '_meta'>): string | undefined {
	const nested = uiMeta(tool)?.resourceUri;
	const flat = tool._meta?.['ui/resourceUri'];
	const uri = typeof nested === 'string' ? nested : typeof flat === 'string' ? flat : undefined;
	return uri && uri.startsWith('ui://') ? uri : undefined;
}

/**
 * Who may call the tool. Absent or malformed visibility means both; unknown entries are
 * ignored, and a list naming neither hides the tool from both.
 */
export function toolVisibility(tool: Pick<ToolDefinition, '_meta'>): ToolVisibility[] {
	const declared = uiMeta(tool)?.visibility;
	if (!Array.isArray(declared)) return ['model', 'app'];
	return (['model', 'app'] as const).filter((scope) => declared.includes(scope));
}

/** True when the model may see and call the tool. */
export function isModelVisible(tool: Pick<ToolDefinition, '_meta'>): boolean {
	return toolVisibility(tool).includes('model');
}

/** True when a View of the tool's own server may call it. */
export function isAppCallable(tool: Pick<ToolDefinition, '_meta'>): boolean {
	return toolVisibility(tool).includes('app');
}

/** Splits a server's tools into those offered to the model and those only its Views may call. */
export function splitByVisibility<T extends Pick<ToolDefinition, '_meta'>>(
	tools: readonly T[]
): { model: T[]; appOnly: T[] } {
	const model: T[] = [];
	const appOnly: T[] = [];
	for (const tool of tools) {
		if (isModelVisible(tool)) model.push(tool);
		else if (isAppCallable(tool)) appOnly.push(tool);
	}
	return { model, appOnly };
}
