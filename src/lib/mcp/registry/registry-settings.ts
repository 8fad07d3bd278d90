/**
 * Which registry the add-server dialog searches: `?registry=<base URL>` for this visit, else
 * the base saved on this device, else the official registry. Only http(s) bases are taken.
 */
import type { KeyValueStore } from '../oauth/oauth';
import { defaultRegistryBase } from './registry';

/** Where the chosen registry base is saved. */
export const registryStorageKey = 'autoui.mcp.registry.v1';

/** The URL parameter that sets the registry for one visit. */
export const registryParameter = 'registry';

/** `text` as a registry base (no query or hash, no trailing slash); undefined if it is not an http(s) URL. */
export function parseRegistryBase(text: string | null | undefined): string | undefined {
	if (!text?.trim()) return undefined;
	try {
		const url = new URL(text.trim());
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
		url.search = '';
		url.hash = '';
		return url.href.replace(/\/+$/, '');
	} catch {
		return undefined;
	}
}

/** The registry base in effect for a page at `href`. */
export function registryBaseFor(storage: KeyValueStore | undefined, href?: string): string {
	const fromLink = href ? parseRegistryBase(new URL(href).searchParams.get(registryParameter)) : undefined;
	return fromLink ?? parseRegistryBase(storage?.getItem(registryStorageKey)) ?? defaultRegistryBase;
}

/** Saves `base` as this device's registry (the official one, or an empty value, clears it); returns the base in effect. */
export function saveRegistryBase(storage: KeyValueStore | undefined, text: string): string {
	const base = parseRegistryBase(text);
	if (!base || base === defaultRegistryBase) storage?.removeItem(registryStorageKey);
	else storage?.setItem(registryStorageKey, base);
	return base ?? defaultRegistryBase;
}
