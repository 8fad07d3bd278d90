/**
 * The registries of the hub's layers, built again only when the layers are a different array
 * (the hub hands out the same array while the layers stay the same). Loaded on demand by
 * `ToolHub.ready()`, so the registry code stays off the first route.
 */
import { withAppTools } from '$lib/agent/app-tools';
import { buildToolRegistry, type ToolRegistry } from '$lib/agent/registry';
import type { ToolLayer } from '$lib/agent/types';

/** The model's registry and the one View calls use (View-only tools added). */
export interface RegistryMemo {
	registry(layers: readonly ToolLayer[]): ToolRegistry;
	appRegistry(layers: readonly ToolLayer[]): ToolRegistry;
}

function memoByIdentity(build: (layers: readonly ToolLayer[]) => ToolRegistry): (layers: readonly ToolLayer[]) => ToolRegistry {
	let key: readonly ToolLayer[] | undefined;
	let value: ToolRegistry | undefined;
	return (layers) => {
		if (layers !== key || !value) {
			value = build(layers);
			key = layers;
		}
		return value;
	};
}

/** One memo per hub: two pages (or tests) share nothing. */
export function createRegistryMemo(): RegistryMemo {
	return {
		registry: memoByIdentity((layers) => buildToolRegistry(layers)),
		appRegistry: memoByIdentity((layers) => buildToolRegistry(layers.map(withAppTools)))
	};
}
