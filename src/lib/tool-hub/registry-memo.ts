/**
 * The registries of the hub's layers, built again only when the layers changed: a layer
 * counts as the same when its fields are and its arrays hold the same items (the MCP list
 * builds new layer objects on every read, from the same tool objects). Loaded on demand by
 * `ToolHub.ready()`, so the registry code stays off the first route.
 */
import { withAppTools } from '$lib/agent/tools/app-tools';
import { buildToolRegistry, type ToolRegistry } from '$lib/agent/tools/registry';
import type { ToolLayer } from '$lib/agent/types';

/** The model's registry and the one View calls use (View-only tools added). */
export interface RegistryMemo {
	registry(layers: readonly ToolLayer[]): ToolRegistry;
	appRegistry(layers: readonly ToolLayer[]): ToolRegistry;
}

/** Same fields, and arrays holding the same items: a layer rebuilt from the same tools. */
function sameLayer(a: ToolLayer, b: ToolLayer): boolean {
	if (a === b) return true;
	const left = a as unknown as Record<string, unknown>;
	const right = b as unknown as Record<string, unknown>;
	for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
		const x = left[key];
		const y = right[key];
		if (x === y) continue;
		if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.some((item, index) => item !== y[index]))
			return false;
	}
	return true;
}

/** True when `b` holds the same layers as `a`, in the same order. */
export function sameLayers(a: readonly ToolLayer[], b: readonly ToolLayer[]): boolean {
	return a.length === b.length && a.every((layer, index) => sameLayer(layer, b[index]));
}

function memoByLayers(
	build: (layers: readonly ToolLayer[]) => ToolRegistry
): (layers: readonly ToolLayer[]) => ToolRegistry {
	let key: readonly ToolLayer[] = [];
	let value: ToolRegistry | undefined;
	return (layers) => {
		if (!value || !sameLayers(key, layers)) {
			value = build(layers);
			key = layers;
		}
		return value;
	};
}

/** One memo per hub: two pages (or tests) share nothing. */
export function createRegistryMemo(): RegistryMemo {
	return {
		registry: memoByLayers((layers) => buildToolRegistry(layers)),
		appRegistry: memoByLayers((layers) => buildToolRegistry(layers.map(withAppTools)))
	};
}
