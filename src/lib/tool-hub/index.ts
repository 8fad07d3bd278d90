/**
 * The tool hub: the `ToolSource` contract, the hub that alone builds layers, servers and the
 * registry from the registered sources, and sources for in-page servers and connection lists.
 * The shared screens of the sources (row, toolbar, add form, link prompt) are in `./components`.
 */
export { ToolHub, defaultReadyTimeoutMs, defaultServerWaitMs } from './tool-hub';
export type { ToolHubOptions } from './tool-hub';
export { ReactiveToolHub } from './tool-hub.svelte';
export { connectionListSource, serverSource } from './sources';
export type { ConnectionList } from './sources';
export type { ServerWait, SourceKind, SourceStatus, ToolCatalog, ToolRef, ToolSource } from './types';
