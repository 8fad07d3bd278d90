/**
 * The AG-UI agent's shared state and activities are patched with the bounded JSON Patch of
 * `$lib/shared/bounded-patch` (size and values checked while a patch applies).
 */
export { applyBoundedPatch as applyPatch, type PatchOperation } from '$lib/shared/bounded-patch';
