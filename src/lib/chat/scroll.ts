/**
 * Auto-scroll that follows new content only while the reader is at the bottom: scrolling
 * up pauses it, scrolling back down (or `scrollToEnd`) resumes it. Content growth is seen
 * with a ResizeObserver, so streamed text and late-rendered markdown are followed too.
 */

/** How close to the bottom (px) still counts as "at the bottom". */
export const stickThreshold = 48;

/** True when a scroll container shows its last pixels. */
export function isNearBottom(
	element: { scrollTop: number; scrollHeight: number; clientHeight: number },
	threshold = stickThreshold
): boolean {
	return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}

/** Handle returned by {@link followScroll}. */
export interface ScrollFollower {
	/** True while new content scrolls into view by itself. */
	readonly following: boolean;
	/** Jumps to the end and follows again. */
	scrollToEnd(): void;
	destroy(): void;
}

/**
 * Keeps `container` scrolled to the bottom as `content` grows, unless the user scrolled up.
 * `onChange` reports when following starts or stops (to show a "jump to latest" button).
 */
export function followScroll(
	container: HTMLElement,
	content: HTMLElement,
	onChange?: (following: boolean) => void
): ScrollFollower {
	let following = true;
	const set = (next: boolean) => {
		if (next === following) return;
		following = next;
		onChange?.(next);
	};
	const toEnd = () => {
		container.scrollTop = container.scrollHeight;
	};
	const onScroll = () => set(isNearBottom(container));
	const observer = new ResizeObserver(() => {
		if (following) toEnd();
	});
	observer.observe(content);
	container.addEventListener('scroll', onScroll, { passive: true });
	toEnd();
	return {
		get following() {
			return following;
		},
		scrollToEnd() {
			set(true);
			toEnd();
		},
		destroy() {
			observer.disconnect();
			container.removeEventListener('scroll', onScroll);
		}
	};
}
