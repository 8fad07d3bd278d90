/**
 * Refines a frame's natural size by measuring what its widget rendered: when the body's
 * content overflows (rows, a legend, labels the estimate missed), the frame grows by the
 * overflow, up to the natural bounds. It waits for the content to settle (components and
 * charts load on demand) and reports at most once; the caller asks again for new params.
 */
import { naturalBounds } from '$lib/widgets/shared/natural-size';

/** How long the content must stay unchanged before it is measured, in milliseconds. */
export const settleMs = 250;

/** Overflow of `element` in pixels (0 when its content fits). */
export function overflowOf(
	element: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollHeight' | 'clientHeight'>
): { w: number; h: number } {
	const w = element.scrollWidth - element.clientWidth;
	const h = element.scrollHeight - element.clientHeight;
	return { w: w > 1 ? w : 0, h: h > 1 ? h : 0 };
}

/**
 * The largest overflow of the body or of a scrolling element inside it (a widget whose own
 * list scrolls, such as a KPI grid at `height: 100%`, never makes the body overflow). Looks
 * at the first 300 elements only, so a 5,000-row table costs nothing more.
 */
export function contentOverflow(body: HTMLElement): { w: number; h: number } {
	let { w, h } = overflowOf(body);
	const elements = body.querySelectorAll('*');
	for (let index = 0; index < Math.min(elements.length, 300); index++) {
		const element = elements[index] as HTMLElement;
		if (element.scrollHeight - element.clientHeight <= 1 && element.scrollWidth - element.clientWidth <= 1) continue;
		const style = getComputedStyle(element);
		if (!/auto|scroll/.test(style.overflowX + style.overflowY)) continue;
		const inner = overflowOf(element);
		w = Math.max(w, inner.w);
		h = Math.max(h, inner.h);
	}
	return { w, h };
}

/**
 * The growth that removes `overflow` from a frame of `size`, kept within the natural bounds
 * (never shrinking a frame already larger than them); undefined when nothing grows.
 */
export function growthFor(
	size: { w: number; h: number },
	overflow: { w: number; h: number }
): { w: number; h: number } | undefined {
	const w = Math.max(0, Math.min(overflow.w, naturalBounds.maxW - size.w));
	const h = Math.max(0, Math.min(overflow.h, naturalBounds.maxH - size.h));
	return w > 0 || h > 0 ? { w: Math.ceil(w), h: Math.ceil(h) } : undefined;
}

/**
 * Watches `body` (a frame's scrolling body) and calls `grow` once with the growth its
 * settled content needs. Returns the function that stops watching.
 */
export function watchOverflow(
	body: HTMLElement,
	size: { w: number; h: number },
	grow: (by: { w: number; h: number }) => void
): () => void {
	if (typeof ResizeObserver === 'undefined') return () => undefined;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let done = false;
	const measure = () => {
		if (done) return;
		const growth = growthFor(size, contentOverflow(body));
		if (!growth) return;
		done = true;
		stop();
		grow(growth);
	};
	const observer = new ResizeObserver(() => {
		clearTimeout(timer);
		timer = setTimeout(measure, settleMs);
	});
	const observeChildren = () => {
		for (const child of body.children) observer.observe(child);
	};
	// Components load on demand: the body's children change when the widget replaces its placeholder.
	const mutations = new MutationObserver(() => {
		observeChildren();
		clearTimeout(timer);
		timer = setTimeout(measure, settleMs);
	});
	observer.observe(body);
	observeChildren();
	mutations.observe(body, { childList: true });
	function stop() {
		clearTimeout(timer);
		observer.disconnect();
		mutations.disconnect();
	}
	return stop;
}
