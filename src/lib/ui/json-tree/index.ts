/**
 * The JSON tree: one recursive node (`JsonNode`) in two layouts, an ARIA tree or nested
 * <details>, over the pure helpers in `json-value.ts`; `TreeItem` is the generic ARIA tree
 * item it is built on, for other trees (an outline of named nodes).
 */
export { default as JsonNode } from './JsonNode.svelte';
export { default as TreeItem } from './TreeItem.svelte';
export { isJsonBranch, jsonBrief, jsonCount, jsonEntries, jsonKind, jsonText } from './json-value';
export type { JsonEntry, JsonTreeOptions } from './json-value';
