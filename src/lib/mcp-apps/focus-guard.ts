/**
 * Views get focus only from the user's own gesture inside their frame. A View may call
 * `focus()` whenever it likes; if that moved focus into its frame while the user types in the
 * chat, their keystrokes would reach the View's server. When focus enters a View's frame, the
 * guard checks the page's user activation: it must be active (a click or key press happened
 * recently) and must not come from the page itself (no key press or pointer press in the page
 * within the activation window) — so it came from inside a frame. Otherwise focus goes back
 * where it was. Clicking into a view to type works as before.
 */

/** How long a key press or click in the page counts as the user being busy elsewhere (Chrome's transient activation). */
export const ACTIVATION_WINDOW_MS = 5_000;

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
	const activation = options.activation ?? (() => (win.navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive ?? false);
	let lastPageInput = Number.NEGATIVE_INFINITY;
	let previous: HTMLElement | undefined;
	let activeAtBlur = false;

	const input = () => void (lastPageInput = now());
	const focusIn = (event: FocusEvent) => {
		const target = event.target as Element | null;
		if (target instanceof win.HTMLElement && !options.isViewFrame(target)) previous = target;
	};
	const check = () => {
		const active = doc.activeElement;
		if (!options.isViewFrame(active)) return;
		const busyElsewhere = now() - lastPageInput < ACTIVATION_WINDOW_MS;
		if (activeAtBlur && !busyElsewhere) return;
		const frame = active as HTMLIFrameElement;
		if (previous?.isConnected) previous.focus({ preventScroll: true });
		else frame.blur();
		options.onRefused?.(frame);
	};
	const blur = () => {
		activeAtBlur = activation();
		// Focus lands in the frame after the window's blur: look once it has.
		win.setTimeout(check, 0);
	};
	doc.addEventListener('keydown', input, true);
	doc.addEventListener('pointerdown', input, true);
	doc.addEventListener('focusin', focusIn, true);
	win.addEventListener('blur', blur);
	return () => {
		doc.removeEventListener('keydown', input, true);
		doc.removeEventListener('pointerdown', input, true);
		doc.removeEventListener('focusin', focusIn, true);
		win.removeEventListener('blur', blur);
	};
}
