/**
 * The MCP registry: searching it, reading a domain's `/.well-known/mcp/server.json`, which
 * registry is used, and the browser shown in the add-server dialog.
 */
export {
	defaultRegistryBase,
	headerTemplate,
	isBareDomain,
	parseRegistryPage,
	parseServerJson,
	searchRegistry,
	wellKnownServer
} from './registry';
export type { RegistryHeader, RegistryPage, RegistryRemote, RegistryServer } from './registry';
export {
	parseRegistryBase,
	registryBaseFor,
	registryParameter,
	registryStorageKey,
	saveRegistryBase
} from './registry-settings';
export { default as RegistryBrowser } from './RegistryBrowser.svelte';
