/**
 * HTTP tools: REST APIs as tools, from HTTP tool descriptors or OpenAPI / Swagger documents.
 * The light parts (the reactive list, the link offer, lazy servers) load with the page; the
 * parser, the OpenAPI importer, YAML and the executor load on first use.
 */
export { HttpToolList } from './http-tool-list.svelte';
export type { AddDocumentInput, HttpSetEntry, HttpToolListOptions } from './http-tool-list.svelte';
export type { LinkToolsOffer } from './link-tools.svelte';
export { HttpToolSource, openHttpTools } from './tool-source';
export { LazyHttpToolServer } from './lazy-server';
export { toolDefinition } from './definition';
export type { HttpConfig, HttpMethod, HttpToolDescriptor, HttpToolSet, SecretSpec } from './descriptor';
export type { HttpToolSetConfig } from './tool-sets';
/** The parser, importer and executor, loaded on demand. */
export const loadHttpTools = () => import('./load-document');
