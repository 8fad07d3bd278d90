/**
 * Pane sizes of the app shell, remembered on this device. Sizes are clamped to sane ranges
 * so a bad saved value (or a tiny window) never hides a pane.
 */
const storageKey = 'autoui.layout.v1';

/** Pane sizes: the chat width and the console height in pixels. */
export interface PaneSizes {
	chatWidth: number;
	consoleHeight: number;
}

const defaults: PaneSizes = { chatWidth: 380, consoleHeight: 240 };
const limits = {
	chatWidth: { min: 260, max: 900 },
	consoleHeight: { min: 96, max: 900 }
} as const;

function clamp(value: number, min: number, max: number): number {
	return Math.min(max, Math.max(min, value));
}

function load(storage: Storage | undefined): PaneSizes {
	try {
		const saved = JSON.parse(storage?.getItem(storageKey) ?? 'null') as Partial<PaneSizes> | null;
		const sizes = { ...defaults };
		for (const key of Object.keys(defaults) as Array<keyof PaneSizes>) {
			const value = saved?.[key];
			if (typeof value === 'number' && Number.isFinite(value)) {
				sizes[key] = clamp(value, limits[key].min, limits[key].max);
			}
		}
		return sizes;
	} catch {
		return { ...defaults };
	}
}

const collapsedKey = 'autoui.layout.chat-collapsed';

/** Reactive pane sizes with clamped setters that persist every change. */
export class LayoutStore {
	#sizes = $state.raw<PaneSizes>(defaults);
	#collapsed = $state(false);
	#storage: Storage | undefined;

	constructor(storage: Storage | undefined = globalThis.localStorage) {
		this.#storage = storage;
		this.#sizes = load(storage);
		try {
			this.#collapsed = storage?.getItem(collapsedKey) === '1';
		} catch {
			// Unreadable storage: the chat starts open.
		}
	}

	/** True while the chat pane is folded away (the canvas takes its width). */
	get chatCollapsed(): boolean {
		return this.#collapsed;
	}

	/** Folds or unfolds the chat, remembered on this device. */
	setChatCollapsed(collapsed: boolean): void {
		this.#collapsed = collapsed;
		try {
			if (collapsed) this.#storage?.setItem(collapsedKey, '1');
			else this.#storage?.removeItem(collapsedKey);
		} catch {
			// Storage can be full or disabled; the choice holds for this visit.
		}
	}

	get chatWidth(): number {
		return this.#sizes.chatWidth;
	}

	get consoleHeight(): number {
		return this.#sizes.consoleHeight;
	}

	/** Sets one size (clamped) and saves. */
	resize(key: keyof PaneSizes, value: number): void {
		this.#sizes = { ...this.#sizes, [key]: clamp(Math.round(value), limits[key].min, limits[key].max) };
		try {
			this.#storage?.setItem(storageKey, JSON.stringify(this.#sizes));
		} catch {
			// Storage can be full or disabled (private mode); sizes still work for this visit.
		}
	}

	/** Bounds of a size, for the splitter's aria-valuemin / aria-valuemax. */
	limits(key: keyof PaneSizes): { min: number; max: number } {
		return limits[key];
	}
}
