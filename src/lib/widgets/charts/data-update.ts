/**
 * New rows without a new chart. When a chart's spec changes only in its inline data — a live
 * widget's source ran again for a new parameter value — the mounted Vega view takes the new
 * values (`view.data(name, values)`) instead of being torn down and embedded again, which
 * keeps what does not change (a map's projected shapes, scales' set-up, the DOM) and cuts the
 * update from a full parse to a dataflow run.
 *
 * Pure: the shape of a compiled Vega spec (everything but inline values and the description)
 * and its inline datasets. A dataset with a `format` (values parsed on load, e.g. dates) is
 * not replaced in place: the caller embeds again.
 */

type Node = Record<string, unknown>;

/** An inline dataset of a compiled spec. */
export interface InlineDataset {
	name: string;
	values: unknown[];
}

function dataOf(spec: Node): Node[] {
	return Array.isArray(spec.data) ? (spec.data as Node[]) : [];
}

/** A key equal for two compiled specs that differ only in inline values and description. */
export function shapeKey(spec: Node, renderer: string): string {
	const data = dataOf(spec).map((entry) => (Array.isArray(entry.values) ? { ...entry, values: [] } : entry));
	const { description: _description, ...rest } = spec;
	return `${renderer}:${JSON.stringify({ ...rest, data })}`;
}

/** The inline datasets, or undefined when one cannot be replaced in place (it has a format). */
export function inlineDatasets(spec: Node): InlineDataset[] | undefined {
	const out: InlineDataset[] = [];
	for (const entry of dataOf(spec)) {
		if (!Array.isArray(entry.values)) continue;
		if (entry.format !== undefined || typeof entry.name !== 'string') return undefined;
		out.push({ name: entry.name, values: entry.values });
	}
	return out;
}

/**
 * True when two datasets hold the same values: a deep comparison that stops at shared
 * references, so a map's unchanged shapes (whose coordinate lists the sanitiser shares) cost
 * little to compare and are not handed to Vega again.
 */
export function sameValues(a: unknown, b: unknown, depth = 0): boolean {
	if (a === b) return true;
	if (depth > 12 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	if (Array.isArray(a)) {
		const other = b as unknown[];
		return a.length === other.length && a.every((item, index) => sameValues(item, other[index], depth + 1));
	}
	const left = a as Node;
	const right = b as Node;
	const keys = Object.keys(left);
	return (
		keys.length === Object.keys(right).length &&
		keys.every((key) => Object.hasOwn(right, key) && sameValues(left[key], right[key], depth + 1))
	);
}
