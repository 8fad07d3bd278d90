/**
 * Pictures of the page's own DOM: an element is cloned with its computed styles into an SVG
 * `foreignObject`, drawn on a canvas and encoded as PNG (modern-screenshot, loaded on first
 * use so it stays out of the initial JavaScript). Works under the app's CSP: no eval, the
 * SVG travels as a data: URL (`img-src data:`), no worker.
 *
 * Nothing from other sites is fetched for a picture: images from other origins are drawn as
 * an empty box and counted (`leftOut`), so a picture never sends a request the user did not
 * make and never taints the canvas it is drawn on. Canvases inside the element that the page
 * cannot read (a chart that drew such an image) are counted the same way.
 *
 * Controls show their current values: a clone keeps attributes only, so a filter's select
 * set to Europe would show its first option; `keepControlValues` writes each control's state
 * (selected options, checked boxes, typed text) onto its clone.
 */
import { AutoUiError, errorMessage } from '$lib/shared';

/** A PNG picture with its size in pixels and how many foreign images were left out. */
export interface Picture {
	blob: Blob;
	width: number;
	height: number;
	leftOut: number;
}

/** How to draw one element. */
export interface PictureOptions {
	/** Size of the picture in CSS pixels (defaults to the element's box). */
	width?: number;
	height?: number;
	/** Styles set on the cloned root only (the element on the page is untouched). */
	style?: Partial<CSSStyleDeclaration>;
	/** Device pixels per CSS pixel (2 = sharp on high-density screens). */
	scale?: number;
	/** Background painted under the element. */
	background?: string;
	/** Nodes left out of the picture (with what they hold). */
	exclude?: (node: Node) => boolean;
}

/** Largest picture drawn, in device pixels (browsers refuse bigger canvases). */
export const maxPicturePixels = 16_000_000;

/** A 1×1 transparent GIF: what a left-out image is drawn as. */
const emptyImage = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** True when the page may read `url` without asking another site. */
export function isOwnUrl(url: string, origin = location.origin): boolean {
	if (/^(data|blob):/i.test(url)) return true;
	try {
		return new URL(url, origin).origin === origin;
	} catch {
		return false;
	}
}

/** The scale to draw at: `wanted`, lowered so the picture stays under `maxPicturePixels`. */
export function fitScale(width: number, height: number, wanted = 2): number {
	const area = Math.max(1, width * height);
	return Math.max(0.1, Math.min(wanted, Math.sqrt(maxPicturePixels / area)));
}

function unreadableCanvases(element: HTMLElement): number {
	let count = 0;
	for (const canvas of element.querySelectorAll('canvas')) {
		try {
			canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
		} catch {
			count++;
		}
	}
	return count;
}

const controlMark = 'data-picture-control';

/**
 * Marks the controls inside `element` and returns what writes their current state onto a
 * clone of it, and what takes the marks off again.
 */
export function keepControlValues(element: HTMLElement): { apply: (clone: Node) => void; done: () => void } {
	const controls = [...element.querySelectorAll('select, input, textarea')] as Array<
		HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement
	>;
	controls.forEach((control, index) => control.setAttribute(controlMark, String(index)));
	const apply = (clone: Node) => {
		if (!(clone instanceof Element)) return;
		for (const copy of clone.querySelectorAll(`[${controlMark}]`)) {
			const control = controls[Number(copy.getAttribute(controlMark))];
			copy.removeAttribute(controlMark);
			if (control instanceof HTMLSelectElement) {
				const options = [...control.options];
				copy.querySelectorAll('option').forEach((option, at) => {
					option.toggleAttribute('selected', options[at]?.selected ?? false);
				});
			} else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
				copy.toggleAttribute('checked', control.checked);
			} else if (control instanceof HTMLTextAreaElement) copy.textContent = control.value;
			else if (control) copy.setAttribute('value', control.value);
		}
	};
	const done = () => controls.forEach((control) => control.removeAttribute(controlMark));
	return { apply, done };
}

/** Draws `element` as a PNG. Fails with a message saying what to do instead. */
export async function captureElement(element: HTMLElement, options: PictureOptions = {}): Promise<Picture> {
	const box = element.getBoundingClientRect();
	const width = Math.ceil(options.width ?? element.offsetWidth ?? box.width);
	const height = Math.ceil(options.height ?? element.offsetHeight ?? box.height);
	if (!(width > 0 && height > 0))
		throw new AutoUiError('invalid_argument', 'there is nothing visible to draw (the widget is collapsed or empty)');
	const scale = fitScale(width, height, options.scale ?? 2);
	let leftOut = unreadableCanvases(element);
	let screenshot: typeof import('modern-screenshot');
	try {
		screenshot = await import('modern-screenshot');
	} catch (error) {
		throw new AutoUiError(
			'internal',
			`the picture tool could not be loaded (${errorMessage(error)}); reload the page and try again`
		);
	}
	const values = keepControlValues(element);
	try {
		const blob = await screenshot.domToBlob(element, {
			onCloneNode: values.apply,
			width,
			height,
			scale,
			style: options.style,
			backgroundColor: options.background ?? null,
			filter: options.exclude ? (node) => !options.exclude!(node) : null,
			type: 'image/png',
			font: false,
			timeout: 10_000,
			fetchFn: async (url) => {
				if (isOwnUrl(url)) return false;
				leftOut++;
				return emptyImage;
			},
			fetch: { placeholderImage: emptyImage }
		});
		return { blob, width: Math.round(width * scale), height: Math.round(height * scale), leftOut };
	} catch (error) {
		throw new AutoUiError(
			'internal',
			`the browser could not draw the picture (${errorMessage(error)}); try a smaller selection, or export the data instead`
		);
	} finally {
		values.done();
	}
}
