/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): servers' own interactive views as
 * canvas widgets. The light parts load with the page; the bridge and the view code load
 * with the first View.
 */
export { McpAppsHost, type McpAppsHostOptions, type HostConnection } from './apps-host';
export { mcpAppsContextKey } from './context';
export {
	uiExtensionId,
	viewMimeType,
	uiResourceUri,
	toolVisibility,
	isModelVisible,
	isAppCallable,
	splitByVisibility
} from './tool-meta';
export { checkAppToolCall, type AppCallVerdict } from './app-call-policy';
export type { ViewHandle, ViewHostPort, ViewState } from './host-port';
