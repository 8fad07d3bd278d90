/**
 * The colour theme: follows the OS by default; the user can pin light or dark. The choice
 * is applied as <html data-theme> so the CSS custom properties in app.css switch.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

const storageKey = 'autoui.theme';

/** Reactive theme choice plus the theme actually shown. */
export class ThemeStore {
	#choice = $state<ThemeChoice>('system');
	#systemDark = $state(false);

	constructor() {
		const saved = globalThis.localStorage?.getItem(storageKey);
		if (saved === 'light' || saved === 'dark' || saved === 'system') this.#choice = saved;
		const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
		if (query) {
			this.#systemDark = query.matches;
			query.addEventListener('change', (event) => (this.#systemDark = event.matches));
		}
		this.#apply();
	}

	get choice(): ThemeChoice {
		return this.#choice;
	}

	/** The theme in effect: the pinned one, or the OS preference. */
	get resolved(): 'light' | 'dark' {
		if (this.#choice === 'system') return this.#systemDark ? 'dark' : 'light';
		return this.#choice;
	}

	/**
	 * Cycles so that the first click always changes what is shown: from "system" it pins the
	 * opposite of the OS theme, then the OS theme itself, then back to following the OS.
	 */
	cycle(): void {
		if (this.#choice === 'system') this.set(this.#systemDark ? 'light' : 'dark');
		else if (this.#choice !== (this.#systemDark ? 'dark' : 'light')) this.set(this.#systemDark ? 'dark' : 'light');
		else this.set('system');
	}

	set(choice: ThemeChoice): void {
		this.#choice = choice;
		try {
			globalThis.localStorage?.setItem(storageKey, choice);
		} catch {
			// Not persisted when storage is unavailable; the choice still applies now.
		}
		this.#apply();
	}

	#apply(): void {
		const root = globalThis.document?.documentElement;
		if (!root) return;
		if (this.#choice === 'system') root.removeAttribute('data-theme');
		else root.setAttribute('data-theme', this.#choice);
	}
}
