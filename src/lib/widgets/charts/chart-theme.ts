/**
 * A Vega-Lite config built from the app's CSS custom properties, so charts follow the light
 * and dark themes and `canvas style`. Colours are resolved to concrete values because SVG
 * presentation attributes and PNG export cannot read CSS variables.
 */

/** Reads a custom property (e.g. `--text`) as it applies to an element. */
export type CssReader = (name: string) => string;

/** A reader for `element`'s computed custom properties, with fallbacks for missing ones. */
export function cssReader(element: Element): CssReader {
	const style = getComputedStyle(element);
	return (name) => style.getPropertyValue(name).trim();
}

/** The categorical palette (`--chart-1` … `--chart-8`). */
export function chartPalette(read: CssReader): string[] {
	const fallback = ['#4f46e5', '#e8590c', '#0f9d58', '#d6336c', '#1c7ed6', '#f59f00', '#7048e8', '#495057'];
	return fallback.map((color, index) => read(`--chart-${index + 1}`) || color);
}

/** Vega-Lite config for the current theme. */
export function chartConfig(read: CssReader): Record<string, unknown> {
	const text = read('--text') || '#1a1d23';
	const muted = read('--text-muted') || '#5b6472';
	const border = read('--border') || '#d9dde3';
	const strong = read('--border-strong') || '#b8bfc9';
	const font = read('--font-sans') || 'system-ui, sans-serif';
	const palette = chartPalette(read);
	const axis = {
		domainColor: strong,
		gridColor: border,
		tickColor: strong,
		labelColor: muted,
		titleColor: text,
		labelFont: font,
		titleFont: font,
		labelFontSize: 11,
		titleFontSize: 12,
		titleFontWeight: 600,
		labelLimit: 160
	};
	return {
		background: null,
		font,
		padding: 8,
		autosize: { type: 'fit', contains: 'padding' },
		view: { stroke: null },
		axis,
		legend: {
			labelColor: muted,
			titleColor: text,
			labelFont: font,
			titleFont: font,
			labelLimit: 180,
			symbolType: 'circle'
		},
		header: { labelColor: muted, titleColor: text, labelFont: font, titleFont: font },
		title: {
			color: text,
			subtitleColor: muted,
			font,
			subtitleFont: font,
			anchor: 'start',
			fontSize: 14,
			fontWeight: 600
		},
		range: {
			category: palette,
			ordinal: { scheme: 'blues' },
			ramp: [read('--accent-soft') || '#eef2ff', read('--accent') || '#4f46e5']
		},
		mark: { color: palette[0] },
		arc: { stroke: read('--surface') || '#fff', strokeWidth: 1 },
		bar: { cornerRadiusEnd: 2 },
		text: { color: text, font },
		line: { strokeWidth: 2 },
		point: { filled: true },
		geoshape: { fill: read('--surface-3') || '#e4e7ec', stroke: read('--surface') || '#fff', strokeWidth: 0.5 }
	};
}
