/**
 * A chart's linked selection (see `chart-selection.ts`), for the chart frame: the mount
 * option, what a click on a mark picks, the selection shown after each drawing, and the values
 * the drawn marks offer to the keyboard's pick list. Create it while the frame sets up.
 */
import type { SelectSpec } from '../shared/select-param';
import { widgetSelection, type WidgetSelection } from '../shared/selection.svelte';
import type { ChartSelectionConfig } from './chart-selection';
import type { MountedChart } from './vega-mount';

/** What the frame's props say about the selection. */
export interface ChartLinkingProps {
	select?: SelectSpec;
	/** The datum field holding a mark's value, when it is not `select.field` (a map's `sel`). */
	accessor?: string;
	/** Marks are bins and the selection a range `[from, to]` (a histogram). */
	range: boolean;
}

/** The linked selection of one chart frame. */
export class ChartLinking {
	readonly selection: WidgetSelection;
	/** What the drawn marks offer, for the pick list (keyboard and screen readers). */
	offered = $state.raw<unknown[]>([]);
	#props: () => ChartLinkingProps;

	constructor(props: () => ChartLinkingProps) {
		this.#props = props;
		this.selection = widgetSelection(() => props().select);
	}

	/** The mount option: undefined when the chart has no selection or is not on a canvas. */
	get config(): ChartSelectionConfig | undefined {
		const { select, accessor, range } = this.#props();
		return this.selection.enabled && select ? { accessor: accessor ?? select.field, range } : undefined;
	}

	/** After a drawing: the click handler (once mounted), the selection shown, the values offered. */
	async drawn(chart: MountedChart, mounted: boolean): Promise<void> {
		if (mounted) {
			chart.onPick((value, additive) =>
				this.#props().range ? this.selection.pickRange(value, additive) : this.selection.pick(value, additive)
			);
		}
		await chart.select(this.selection.selected);
		this.offered = chart.selectable();
	}
}
