/**
 * Whether two lists of layers describe the same tools, so what was built from the first (a
 * registry, adapted schemas) serves the second. Layer getters return new objects around the
 * same definitions (`connection.layer()`; `autoui.layer()` copies each definition), so layers
 * compare field by field, and lists item by item, each item shallowly.
 */
import { isPlainObject } from '$lib/shared';
import type { ToolLayer } from '../types';

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
	const keys = Object.keys(a);
	return (
		keys.length === Object.keys(b).length &&
		keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && a[key] === b[key])
	);
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
	return (
		a.length === b.length &&
		a.every(
			(item, index) =>
				item === b[index] ||
				(isPlainObject(item) && isPlainObject(b[index]) && shallowEqual(item, b[index] as Record<string, unknown>))
		)
	);
}

function sameLayer(a: ToolLayer, b: ToolLayer): boolean {
	if (a === b) return true;
	const left = a as unknown as Record<string, unknown>;
	const right = b as unknown as Record<string, unknown>;
	const keys = Object.keys(left);
	if (keys.length !== Object.keys(right).length) return false;
	return keys.every((key) => {
		const x = left[key];
		const y = right[key];
		return x === y || (Array.isArray(x) && Array.isArray(y) && sameItems(x, y));
	});
}

/** True when `a` and `b` hold the same layers, in the same order, with the same tools. */
export function sameLayers(a: readonly ToolLayer[], b: readonly ToolLayer[]): boolean {
	return a === b || (a.length === b.length && a.every((layer, index) => sameLayer(layer, b[index])));
}
