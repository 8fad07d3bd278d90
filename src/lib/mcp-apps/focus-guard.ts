/**
 * Views get focus only from the user's own gesture inside their frame. The sandbox bootstrap
 * (server/sandbox/proxy.js) already makes a View's `focus()` calls do nothing unless the user
 * just interacted with that View; this guard is the page's second line. When focus enters a
 * View's frame, the page's user activation must be active (a click or key press happened
 * recently) and the user must not be typing in the page (no key press there in the last
 * second). A pointer press in the page does not count: a click that goes on into
 * a view is the user's own gesture there. Otherwise focus goes back where it was and the console says so.
 *
 * What remains: the page learns of a focus change only after it happened (the frame runs in
 * another process), so a keystroke typed in that instant could reach the View before focus
 * is taken back.
 */

/** How long after a key press in the page the user counts as typing there. */
export const TYPING_WINDOW_MS = 1_000;

export interface FocusGuardOptions {
	/** Whether an element is a View's frame. */
	isViewFrame(element: Element | null): boolean;
	/** A View's frame took focus without the user's gesture (for the console). */
	onRefused?(frame: HTMLIFrameElement): void;
	now?: () => number;
	/** The page's user activation (navigator.userActivation); absent: treated as not active. */
	activation?: () => boolean;
}

/** Installs the guard on `win`; returns the call that removes it. */
export function installFocusGuard(win: Window, options: FocusGuardOptions): () => void {
	const doc = win.document;
	const now = options.now ?? (() => Date.now());
	const activation =
		options.activation ??
		(() => (win.navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive ?? false);
	let lastKey = Number.NEGATIVE_INFINITY;
	let previous: HTMLElement | undefined;

	const key = () => void (lastKey = now());
	const focusIn = (event: FocusEvent) => {
		const target = event.target as Element | null;
		if (target instanceof HTMLElement && !options.isViewFrame(target)) previous = target;
	};
	const blur = () => {
		const activeAtBlur = activation();
		// Focus lands in the frame after the window's blur (taking it back any earlier does not hold).
		win.setTimeout(() => {
			const active = doc.activeElement;
			if (!options.isViewFrame(active)) return;
			const busyElsewhere = now() - lastKey < TYPING_WINDOW_MS;
			if (activeAtBlur && !busyElsewhere) return;
			const frame = active as HTMLIFrameElement;
			if (previous?.isConnected) previous.focus({ preventScroll: true });
			else frame.blur();
			options.onRefused?.(frame);
		}, 0);
	};
	doc.addEventListener('keydown', key, true);
	doc.addEventListener('focusin', focusIn, true);
	win.addEventListener('blur', blur);
	return () => {
		doc.removeEventListener('keydown', key, true);
		doc.removeEventListener('focusin', focusIn, true);
		win.removeEventListener('blur', blur);
	};
}
