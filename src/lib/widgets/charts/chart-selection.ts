/**
 * Linked selection inside a Vega-Lite chart, pure. The chart gets one top-level variable
 * param holding the selected values; the interactive marks (those with a tooltip) dim when
 * something is selected and they are not, through an opacity condition evaluated by Vega's
 * expression interpreter, so a new selection is a signal update, never a re-embed. A click
 * gives the mark's datum; `datumValue` reads the value it selects, and `selectableValues`
 * lists what the drawn marks offer, for the keyboard's pick list.
 *
 * `accessor` is the datum field holding the value (the row's column for most charts, `sel`
 * on a map). In `range` mode (a histogram) the datum holds a bin, `accessor` and
 * `accessor_end`, and the selection is `[from, to]`.
 */

/** The chart's selection settings. */
export interface ChartSelectionConfig {
	accessor: string;
	range?: boolean;
}

/** The Vega signal holding the selected values. */
export const selectedSignal = 'autoui_selected';

/** A datum field in a Vega expression (quoted, escaped; non-ASCII as \u escapes). */
function field(name: string): string {
	const quoted = JSON.stringify(name).replace(
		/[\u007f-\uffff]/g,
		(char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
	);
	return `datum[${quoted}]`;
}

/** The test that dims a mark: something is selected and this mark is not part of it. */
function dimTest(config: ChartSelectionConfig): string {
	if (config.range) {
		return `length(${selectedSignal}) == 2 && (${field(config.accessor)} < ${selectedSignal}[0] || ${field(`${config.accessor}_end`)} > ${selectedSignal}[1])`;
	}
	return `length(${selectedSignal}) > 0 && indexof(${selectedSignal}, ${field(config.accessor)}) < 0`;
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Adds the dimming and a pointer to one unit (a spec with a mark) whose marks carry data (a tooltip). */
function selectableUnit(unit: Node, test: string, accessor: string): Node {
	const mark = isNode(unit.mark) ? unit.mark : typeof unit.mark === 'string' ? { type: unit.mark } : undefined;
	if (!mark || !mark.tooltip || mark.type === 'text') return unit;
	const encoding = isNode(unit.encoding) ? unit.encoding : {};
	const dimmed = (channels: Node) =>
		channels.opacity ? channels : { ...channels, opacity: { condition: { test, value: 0.22 } } };
	const line = mark.type === 'line' || mark.type === 'area';
	const bySeries = isNode(encoding.color) && encoding.color.field === accessor;
	if (!line || bySeries) return { ...unit, mark: { ...mark, cursor: 'pointer' }, encoding: dimmed(encoding) };
	// A line or an area draws one path per series: points on top carry each value, and dim alone.
	const { mark: _mark, encoding: _encoding, ...rest } = unit;
	const pointChannels = Object.fromEntries(
		Object.entries(encoding).filter(([channel]) => ['x', 'y', 'color', 'tooltip'].includes(channel))
	);
	return {
		...rest,
		layer: [
			{ mark: { ...mark, point: false }, encoding },
			{
				mark: { type: 'point', filled: true, size: 40, tooltip: true, cursor: 'pointer' },
				encoding: dimmed(pointChannels)
			}
		]
	};
}

/** The spec with the selection signal and the dimming of its interactive marks. */
export function withSelectionSpec(spec: Node, config: ChartSelectionConfig): Node {
	const test = dimTest(config);
	const own = Array.isArray(spec.params) ? spec.params : [];
	const out: Node = {
		...selectableUnit(spec, test, config.accessor),
		params: [...own, { name: selectedSignal, value: [] }]
	};
	if (Array.isArray(spec.layer))
		out.layer = spec.layer.map((layer) => (isNode(layer) ? selectableUnit(layer, test, config.accessor) : layer));
	return out;
}

/** What a click on a mark with `datum` selects: its value, `[from, to]` in range mode, or nothing. */
export function datumValue(datum: unknown, config: ChartSelectionConfig): unknown {
	if (!isNode(datum)) return undefined;
	if (!config.range) return datum[config.accessor] ?? undefined;
	const from = datum[config.accessor];
	const to = datum[`${config.accessor}_end`];
	return typeof from === 'number' && typeof to === 'number' ? [from, to] : undefined;
}

/** The signal's value for the selected parameter values (a range keeps its two ends). */
export function signalValue(selected: readonly unknown[], config: ChartSelectionConfig): unknown[] {
	if (config.range)
		return selected.length === 2 && selected.every((value) => typeof value === 'number') ? [...selected] : [];
	return [...selected];
}

/** A scenegraph node as Vega builds it (items of marks, marks of groups). */
interface SceneNode {
	items?: SceneNode[];
	datum?: unknown;
	mark?: { marktype?: string; interactive?: boolean };
}

/**
 * The distinct values the drawn marks offer, in drawing order (at most `max`), read from the
 * scenegraph: what the keyboard's pick list shows, the same as what a click can select.
 */
export function selectableValues(root: unknown, config: ChartSelectionConfig, max = 1000): unknown[] {
	const seen = new Set<string>();
	const out: unknown[] = [];
	let visited = 0;
	const visit = (node: SceneNode | undefined, depth: number) => {
		if (!node || depth > 16 || out.length >= max || ++visited > 200_000) return;
		if (node.mark?.marktype !== 'group' && node.mark?.marktype !== 'text') {
			const value = datumValue(node.datum, config);
			const key = JSON.stringify(value);
			if (value !== undefined && value !== null && !seen.has(key)) {
				seen.add(key);
				out.push(value);
			}
		}
		for (const child of node.items ?? []) visit(child, depth + 1);
	};
	visit(root as SceneNode, 0);
	return out;
}
