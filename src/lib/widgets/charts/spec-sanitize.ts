/**
 * Makes a model-supplied Vega-Lite spec safe to embed. Removes every way a spec can reach
 * the network or change how it is embedded: `url` data sources (data must be inline),
 * `usermeta` (vega-embed reads embed options from it), model `config` outside a small
 * style-only allow-list, literal `href` values outside the link policy, CSS `url(...)` and
 * `javascript:` strings anywhere. Returns the cleaned copy and what was removed, so the widget
 * can say so and the model can correct itself.
 */
import { isPlainObject } from '$lib/shared';
import { safeLinkUrl } from '../shared/url';

/** The cleaned spec and a human-readable list of removed parts. */
export type SanitizedSpec = { spec: Record<string, unknown>; removed: string[] };

/** Config groups that only style marks, axes and legends. */
const configAllowed = new Set([
	'axis',
	'axisX',
	'axisY',
	'axisBand',
	'axisQuantitative',
	'axisTemporal',
	'legend',
	'header',
	'title',
	'mark',
	'bar',
	'line',
	'area',
	'point',
	'circle',
	'square',
	'rect',
	'rule',
	'text',
	'tick',
	'arc',
	'boxplot',
	'geoshape',
	'view',
	'range',
	'scale',
	'numberFormat',
	'timeFormat',
	'padding',
	'autosize',
	'projection',
	'concat',
	'facet'
]);

const maxDepth = 40;
const maxNodes = 2_000_000;

function dangerousString(value: string): boolean {
	return /url\s*\(|javascript:|vbscript:|<\s*script|expression\s*\(/i.test(value);
}

/** Returns a deep-cleaned copy of `input` (lists of numbers are shared, not copied); never mutates it. */
export function sanitizeChartSpec(input: unknown): SanitizedSpec {
	const removed = new Set<string>();
	let nodes = 0;

	const clean = (value: unknown, path: string, depth: number, parentKey: string): unknown => {
		if (++nodes > maxNodes) throw new RangeError('chart spec is too large');
		if (depth > maxDepth) {
			removed.add(`${path} (nested too deeply)`);
			return undefined;
		}
		if (typeof value === 'string') {
			if (dangerousString(value)) {
				removed.add(`${path} (script or CSS url)`);
				return undefined;
			}
			return value;
		}
		if (Array.isArray(value)) {
			// Numbers cannot carry a URL or a script: a list of them (a shape's coordinates) is kept as it is.
			if (value.every((item) => typeof item === 'number')) {
				nodes += value.length;
				if (nodes > maxNodes) throw new RangeError('chart spec is too large');
				return value;
			}
			const out: unknown[] = [];
			value.forEach((item, index) => {
				// A list of numbers (a coordinate pair) is kept as it is, without building its path.
				if (Array.isArray(item) && depth < maxDepth && item.every((entry) => typeof entry === 'number')) {
					nodes += 1 + item.length;
					if (nodes > maxNodes) throw new RangeError('chart spec is too large');
					out.push(item);
					return;
				}
				const cleaned = clean(item, `${path}[${index}]`, depth + 1, parentKey);
				if (cleaned !== undefined) out.push(cleaned);
			});
			return out;
		}
		if (!isPlainObject(value)) return value;
		const out: Record<string, unknown> = {};
		for (const [key, child] of Object.entries(value)) {
			const childPath = path ? `${path}.${key}` : key;
			if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
			if (key === 'usermeta') {
				removed.add(childPath);
				continue;
			}
			if (key === 'url' && typeof child === 'string') {
				removed.add(`${childPath} (data must be inline)`);
				continue;
			}
			if (key === 'element' && parentKey === 'bind') {
				removed.add(`${childPath} (inputs stay inside the chart)`);
				continue;
			}
			if (key === 'config' && depth === 0 && isPlainObject(child)) {
				const kept: Record<string, unknown> = {};
				for (const [group, settings] of Object.entries(child)) {
					if (configAllowed.has(group)) kept[group] = clean(settings, `config.${group}`, depth + 2, group);
					else removed.add(`config.${group}`);
				}
				out.config = kept;
				continue;
			}
			if (key === 'href' && isPlainObject(child) && 'value' in child) {
				if (!safeLinkUrl(child.value)) {
					removed.add(`${childPath} (link not allowed)`);
					continue;
				}
			}
			const cleaned = clean(child, childPath, depth + 1, key);
			if (cleaned !== undefined) out[key] = cleaned;
		}
		if (
			parentKey === 'data' &&
			!('values' in out) &&
			!('name' in out) &&
			!('sequence' in out) &&
			!('sphere' in out) &&
			!('graticule' in out)
		)
			out.values = [];
		return out;
	};

	if (!isPlainObject(input))
		return { spec: { data: { values: [] }, mark: 'point' }, removed: ['spec (not an object)'] };
	const spec = clean(input, '', 0, '') as Record<string, unknown>;
	delete spec.$schema;
	return { spec, removed: [...removed] };
}

/** The first inline data rows found in a spec (top level, then layers), for the data-table view. */
export function inlineRows(spec: Record<string, unknown>): Record<string, unknown>[] {
	const visit = (node: unknown, depth: number): Record<string, unknown>[] | undefined => {
		if (!isPlainObject(node) || depth > 6) return undefined;
		const data = node.data;
		if (isPlainObject(data) && Array.isArray(data.values)) return data.values.filter(isPlainObject);
		if (isPlainObject(node.datasets)) {
			const first = Object.values(node.datasets).find(Array.isArray);
			if (first) return (first as unknown[]).filter(isPlainObject);
		}
		for (const key of ['layer', 'hconcat', 'vconcat', 'concat']) {
			const children = node[key];
			if (Array.isArray(children))
				for (const child of children) {
					const found = visit(child, depth + 1);
					if (found) return found;
				}
		}
		return visit(node.spec, depth + 1);
	};
	return visit(spec, 0) ?? [];
}
