/**
 * What a tool says about MCP Apps in its `_meta.ui`: the View that renders its results, who
 * may call it, and the extension's identifier and View type. The reading lives with the MCP
 * connection (`mcp/connection/ui-extension.ts`), which builds the layer the model sees and
 * advertises the extension; the host uses the same functions. Imported from that file, not
 * from `$lib/mcp`, because the first route carries the host.
 */
export {
	uiExtensionId,
	viewMimeType,
	uiResourceUri,
	toolVisibility,
	isModelVisible,
	isAppCallable,
	splitByVisibility,
	type ToolVisibility
} from '$lib/mcp/connection/ui-extension';
