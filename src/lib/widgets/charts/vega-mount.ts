/**
 * The one place Vega is embedded. `mountChart(el, spec, options)` loads vega-embed on demand
 * (so Vega stays out of the initial bundle), embeds a sanitised Vega-Lite spec with the
 * expression interpreter (`ast: true`, no eval under our CSP), a loader that refuses every
 * URL, escaped tooltips and no actions menu, and returns `{ update, resize, toImageUrl,
 * destroy }`. Every mount is cleaned up by `destroy`.
 */
import { imageHosts } from '../shared/image-hosts.svelte';
import type { Loader } from 'vega';
import type { Result } from 'vega-embed';
import { AutoUiError } from '$lib/shared';
import { safeImageUrl, safeLinkUrl } from '../shared/url';
import { rowBudgetIssues } from './row-budget';
import { sanitizeChartSpec } from './spec-sanitize';
import {
	datumValue,
	selectableValues,
	selectedSignal,
	signalValue,
	withSelectionSpec,
	type ChartSelectionConfig
} from './chart-selection';
import { inlineDatasets, sameValues, shapeKey } from './data-update';

/** Options for one mount. */
export type MountOptions = {
	/** Vega-Lite config (theme) merged under the spec's own allowed config. */
	config: Record<string, unknown>;
	/** Chart size in pixels; composite specs keep their own layout. */
	width: number;
	height: number;
	/** Accessible description for the SVG root. */
	description?: string;
	signal?: AbortSignal;
	/** Linked selection: marks dim unless selected, a click reports its datum's value (see chart-selection.ts). */
	selection?: ChartSelectionConfig;
};

/** A mounted chart. */
export type MountedChart = {
	/** Replaces the spec (re-embeds). */
	update(spec: Record<string, unknown>, options?: Partial<MountOptions>): Promise<void>;
	/** Resizes without re-embedding where the spec allows it. */
	resize(width: number, height: number): Promise<void>;
	/** A PNG or SVG data/blob URL of the current view. */
	toImageUrl(type: 'png' | 'svg'): Promise<string>;
	/** The current view as a standalone SVG document (drawn again, whatever the renderer). */
	toSvg(): Promise<string>;
	/** The current view as a PNG at `scale` times its size. */
	toPng(scale?: number): Promise<Blob>;
	/** What the sanitiser removed from the last spec. */
	readonly removed: string[];
	/** Called with the value a clicked mark selects, and whether Shift was held. */
	onPick(handler: (value: unknown, additive: boolean) => void): void;
	/** Shows `values` as selected (a signal update, no re-embed). */
	select(values: readonly unknown[]): Promise<void>;
	/** The values the drawn marks offer (for a pick list). */
	selectable(): unknown[];
	destroy(): void;
};

/** Escapes tooltip text: vega-tooltip inserts the result as HTML. */
export function escapeHtml(value: unknown): string {
	return String(value ?? '').replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A Vega loader that never fetches: data must be inline; links and images follow the URL policy. */
export function createSafeLoader(): Loader {
	const refuse = async (uri: string): Promise<never> => {
		throw new AutoUiError(
			'blocked',
			`charts cannot load "${String(uri).slice(0, 80)}": put the rows inline in data.values`
		);
	};
	return {
		load: refuse,
		http: refuse,
		file: refuse,
		async sanitize(uri: string, options: { context?: string }) {
			if (options?.context === 'href') {
				const href = safeLinkUrl(uri);
				if (href) return { href, target: '_blank', rel: 'noopener noreferrer' } as { href: string };
			}
			if (options?.context === 'image') {
				const href = safeImageUrl(uri, imageHosts.hosts);
				if (href) return { href, crossOrigin: undefined } as { href: string };
			}
			return refuse(uri);
		}
	} as unknown as Loader;
}

function isComposite(spec: Record<string, unknown>): boolean {
	return (
		['facet', 'hconcat', 'vconcat', 'concat', 'repeat'].some((key) => key in spec) ||
		(spec.encoding !== null &&
			typeof spec.encoding === 'object' &&
			('row' in spec.encoding || 'column' in spec.encoding || 'facet' in spec.encoding))
	);
}

/** Inline rows in the spec (top level and layers), to pick a renderer. */
function countRows(spec: Record<string, unknown>): number {
	let total = 0;
	const visit = (node: unknown, depth: number) => {
		if (!node || typeof node !== 'object' || depth > 4) return;
		const record = node as Record<string, unknown>;
		const data = record.data as { values?: unknown } | undefined;
		if (data && Array.isArray(data.values)) total += data.values.length;
		for (const key of ['layer', 'hconcat', 'vconcat', 'concat'])
			if (Array.isArray(record[key])) for (const child of record[key] as unknown[]) visit(child, depth + 1);
	};
	visit(spec, 0);
	return total;
}

/** Above this many inline rows a chart draws on canvas. */
const canvasAbove = 400;

/** Theme config under the spec's own config, merged one level deep so `axis: {grid}` keeps theme colours. */
function mergeConfig(
	theme: Record<string, unknown>,
	own: Record<string, unknown> | undefined
): Record<string, unknown> {
	const out: Record<string, unknown> = { ...theme };
	for (const [key, value] of Object.entries(own ?? {})) {
		const base = out[key];
		out[key] =
			base && value && typeof base === 'object' && typeof value === 'object' && !Array.isArray(value)
				? { ...base, ...value }
				: value;
	}
	return out;
}

/** A canvas as a PNG blob; a canvas tainted by an image from another site cannot be read. */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
	return new Promise((resolve, reject) => {
		try {
			canvas.toBlob(
				(blob) =>
					blob ? resolve(blob) : reject(new AutoUiError('internal', 'the browser could not encode the picture as PNG')),
				'image/png'
			);
		} catch (error) {
			reject(
				error instanceof DOMException && error.name === 'SecurityError'
					? new AutoUiError(
							'blocked',
							'the picture holds an image from another site that the browser does not let the page read; export SVG instead'
						)
					: error
			);
		}
	});
}

/** Mounts a Vega-Lite spec into `element`. */
export async function mountChart(
	element: HTMLElement,
	input: Record<string, unknown>,
	options: MountOptions
): Promise<MountedChart> {
	const [{ default: embed }, { compile }] = await Promise.all([import('vega-embed'), import('vega-lite')]);
	const loader = createSafeLoader();
	let result: Result | undefined;
	let removed: string[] = [];
	let current = options;
	let destroyed = false;
	let pick: ((value: unknown, additive: boolean) => void) | undefined;
	let selected: readonly unknown[] = [];
	// The shape of the drawn spec: a spec of the same shape only brings new data (see data-update.ts).
	let drawnShape: string | undefined;
	let drawnData = new Map<string, unknown[]>();

	const run = async (raw: Record<string, unknown>, next: MountOptions) => {
		const sanitized = sanitizeChartSpec(raw);
		removed = sanitized.removed;
		// A spec that would generate more rows than the budget is never handed to Vega: it
		// would block the page (share links and imports reach here without the model's check).
		const over = rowBudgetIssues(sanitized.spec);
		if (over.length) throw new Error(`This chart is too large to draw: ${over[0].message}`);
		const spec: Record<string, unknown> = next.selection
			? withSelectionSpec(sanitized.spec, next.selection)
			: { ...sanitized.spec };
		if (!isComposite(spec)) {
			spec.width = Math.max(40, Math.floor(next.width));
			spec.height = Math.max(40, Math.floor(next.height));
		}
		if (next.description && !spec.description) spec.description = next.description;
		const { config: own, ...rest } = spec;
		const canvas = countRows(spec) > canvasAbove;
		// Canvas marks are not in the accessibility tree, so per-mark ARIA descriptions (an
		// interpreted expression per datum) would cost time and reach no one; the figure keeps
		// its accessible name and data-table alternative.
		const merged = {
			...rest,
			config: mergeConfig(
				canvas ? { ...next.config, aria: false } : next.config,
				own as Record<string, unknown> | undefined
			)
		};
		const vega = compile(merged as never).spec as unknown as Record<string, unknown>;
		const shape = shapeKey(vega, canvas ? 'canvas' : 'svg');
		const datasets = inlineDatasets(vega);
		if (result && datasets && shape === drawnShape) {
			for (const dataset of datasets) {
				if (sameValues(drawnData.get(dataset.name), dataset.values)) continue;
				result.view.data(dataset.name, dataset.values);
				drawnData.set(dataset.name, dataset.values);
			}
			if (typeof vega.description === 'string') result.view.description(vega.description);
			await result.view.runAsync();
			return;
		}
		result?.finalize();
		result = undefined;
		drawnShape = undefined;
		if (next.signal?.aborted || destroyed) return;
		const embedded = await embed(element, vega as never, {
			mode: 'vega',
			// SVG keeps marks in the accessibility tree; large charts draw faster on canvas (SVG export still works).
			renderer: canvas ? 'canvas' : 'svg',
			actions: false,
			ast: true,
			loader,
			defaultStyle: false,
			logLevel: 0,
			tooltip: { theme: 'custom', sanitize: escapeHtml, disableDefaultStyle: true },
			hover: false
		});
		if (destroyed || next.signal?.aborted) embedded.finalize();
		else result = embedded;
		drawnShape = datasets ? shape : undefined;
		drawnData = new Map((datasets ?? []).map((dataset) => [dataset.name, dataset.values]));
		const selection = next.selection;
		if (result && selection) {
			result.view.addEventListener('click', (event, item) => {
				const value = datumValue(item?.datum, selection);
				if (value !== undefined) pick?.(value, Boolean((event as MouseEvent).shiftKey));
			});
			if (selected.length) await result.view.signal(selectedSignal, signalValue(selected, selection)).runAsync();
		}
	};

	await run(input, current);
	return {
		get removed() {
			return removed;
		},
		onPick(handler) {
			pick = handler;
		},
		async select(values) {
			selected = [...values];
			if (!result || !current.selection) return;
			await result.view.signal(selectedSignal, signalValue(selected, current.selection)).runAsync();
		},
		selectable() {
			return result && current.selection
				? selectableValues((result.view.scenegraph() as unknown as { root: unknown }).root, current.selection)
				: [];
		},
		async update(spec, overrides) {
			current = { ...current, ...overrides };
			await run(spec, current);
		},
		async resize(width, height) {
			const same = Math.floor(width) === Math.floor(current.width) && Math.floor(height) === Math.floor(current.height);
			current = { ...current, width, height };
			const view = result?.view;
			if (!view || same) return;
			try {
				view.width(Math.max(40, Math.floor(width))).height(Math.max(40, Math.floor(height)));
				await view.runAsync();
			} catch {
				// Composite specs have no top-level size signals; they keep their layout.
			}
		},
		async toImageUrl(type) {
			if (!result) throw new AutoUiError('not_found', 'the chart is not rendered yet');
			return result.view.toImageURL(type, type === 'png' ? 2 : 1);
		},
		async toSvg() {
			if (!result) throw new AutoUiError('not_found', 'the chart is not drawn yet');
			return result.view.toSVG();
		},
		async toPng(scale = 2) {
			if (!result) throw new AutoUiError('not_found', 'the chart is not drawn yet');
			return canvasToPng(await result.view.toCanvas(scale));
		},
		destroy() {
			destroyed = true;
			result?.finalize();
			result = undefined;
			element.replaceChildren();
		}
	};
}
