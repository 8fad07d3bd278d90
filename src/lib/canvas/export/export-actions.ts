/**
 * Exporting what is on the canvas as files: one widget as PNG (every widget), SVG (charts),
 * CSV and JSON (tables), and the whole canvas as one PNG. A widget's own drawing wins where
 * it offers one (Vega's SVG and PNG, the table's rows as shown); otherwise the frame's body is
 * drawn from the DOM (`picture.ts`). Each action resolves to a sentence for the user (what was
 * saved, what was left out) and rejects with one that says what to do instead.
 */
import { AutoUiError } from '$lib/shared';
import { downloadText } from '$lib/widgets/shared/download';
import type { WidgetExports } from '$lib/widgets/shared/widget-exports.svelte';
import { boundingBox, type Rect } from '../placement';
import type { WidgetExportFormat } from './export-formats';
import { captureElement, type Picture } from './picture';

/** A file name from a widget's title: letters and digits joined by dashes, never empty. */
export function exportFilename(title: string | undefined, fallback: string, extension: string): string {
	const stem =
		(title ?? '')
			.replace(/[^\p{L}\p{N}]+/gu, '-')
			.replace(/^-|-$/g, '')
			.slice(0, 60) || fallback;
	return `${stem}.${extension}`;
}

function leftOutNote(picture: Picture): string {
	if (!picture.leftOut) return '';
	const images = picture.leftOut === 1 ? 'image' : 'images';
	return ` ${picture.leftOut} ${images} from other sites ${picture.leftOut === 1 ? 'is' : 'are'} left out (shown as empty boxes): the page does not fetch them again.`;
}

/** The background a picture is drawn on: the element's own, else the page's. */
function backgroundOf(element: HTMLElement): string {
	for (let node: HTMLElement | null = element; node; node = node.parentElement) {
		const colour = getComputedStyle(node).backgroundColor;
		if (colour && colour !== 'transparent' && colour !== 'rgba(0, 0, 0, 0)') return colour;
	}
	return '#ffffff';
}

/** What to export from one widget. */
export interface WidgetExportTarget {
	/** The element holding the widget's content (the frame body). */
	body: HTMLElement;
	/** What the widget offered itself, if anything. */
	offered: WidgetExports | undefined;
	title: string | undefined;
	type: string;
}

/** Saves one widget in `format`; resolves to what was saved. */
export async function exportWidget(target: WidgetExportTarget, format: WidgetExportFormat): Promise<string> {
	const { offered, body, type } = target;
	const filename = exportFilename(target.title, type, format);
	if (format === 'svg') {
		if (!offered?.svg)
			throw new AutoUiError('invalid_argument', `a ${type} widget has no SVG export; export PNG instead`);
		downloadText(await offered.svg(), filename, 'image/svg+xml');
	} else if (format === 'csv' || format === 'json') {
		const produce = offered?.[format];
		if (!produce)
			throw new AutoUiError(
				'invalid_argument',
				`a ${type} widget has no ${format.toUpperCase()} export; export PNG instead`
			);
		downloadText(produce(), filename, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
	} else if (offered?.png) {
		downloadText(await offered.png(), filename, 'image/png');
	} else {
		const picture = await captureElement(body, { background: backgroundOf(body) });
		downloadText(picture.blob, filename, 'image/png');
		return `Saved ${filename} (${picture.width}×${picture.height}).${leftOutNote(picture)}`;
	}
	return `Saved ${filename}.`;
}

/** Space around the widgets in a picture of the canvas, in canvas pixels. */
const canvasPadding = 16;

/**
 * Saves every widget as one PNG at zoom 100 %, whatever the current view: `world` is the
 * element holding the frames at their canvas positions; `rects` are the frames' boxes.
 */
export async function exportCanvasPicture(
	world: HTMLElement,
	rects: readonly Rect[],
	background: string
): Promise<string> {
	const box = boundingBox(rects);
	if (!box) throw new AutoUiError('invalid_argument', 'the canvas is empty: there is nothing to draw');
	const picture = await captureElement(world, {
		width: box.w + 2 * canvasPadding,
		height: box.h + 2 * canvasPadding,
		background,
		style: {
			position: 'relative',
			transform: `translate(${canvasPadding - box.x}px, ${canvasPadding - box.y}px)`,
			transformOrigin: '0 0'
		}
	});
	const filename = `autoui-canvas-${new Date().toISOString().slice(0, 10)}.png`;
	downloadText(picture.blob, filename, 'image/png');
	return `Saved ${filename} (${picture.width}×${picture.height}).${leftOutNote(picture)}`;
}
