/**
 * A chart that froze the tab must not freeze it again on every visit. Before Vega draws a
 * spec, its fingerprint is written to localStorage with this page's id; it is removed once
 * the drawing finished within `SLOW_MS`. A fingerprint left by another page load means that
 * load never finished the drawing (the tab froze or was closed) or took too long: the chart
 * then waits for the user's "Draw it anyway" instead of drawing by itself.
 */

const KEY = 'autoui.chart-drawing.v1';
/** A drawing slower than this is remembered like one that never finished. */
export const SLOW_MS = 8_000;
/** At most this many fingerprints are kept (the oldest go first). */
const MAX_ENTRIES = 50;

interface Entry {
	page: string;
	at: number;
	/** The drawing finished but took longer than SLOW_MS. */
	slow?: boolean;
}

const pageId = Math.random().toString(36).slice(2);

/** FNV-1a of `text` with its length. */
function hashText(text: string): string {
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) {
		hash ^= text.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193);
	}
	return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/**
 * Hashes of inline data lists by identity: a map's shapes (a megabyte of JSON) come back as
 * the same list with every new set of points, and are not written out and hashed again.
 */
const valuesHashes = new WeakMap<unknown[], string>();

function valuesHash(values: unknown[]): string {
	let hash = valuesHashes.get(values);
	if (hash === undefined) valuesHashes.set(values, (hash = hashText(JSON.stringify(values) ?? '')));
	return hash;
}

/**
 * A short, stable fingerprint of a spec: FNV-1a over its JSON text, where each inline data
 * list (`values`) stands as the hash of its own JSON, so equal content gives equal keys.
 */
export function fingerprint(spec: unknown): string {
	return hashText(
		JSON.stringify(spec, (key, value) =>
			key === 'values' && Array.isArray(value) ? `#values:${valuesHash(value)}` : value
		) ?? ''
	);
}

/** The guard over one storage (localStorage in the page; any Storage in tests). */
export function createRenderGuard(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, page = pageId) {
	const read = (): Record<string, Entry> => {
		try {
			const value = JSON.parse(storage?.getItem(KEY) ?? '{}');
			return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
		} catch {
			return {};
		}
	};
	const write = (entries: Record<string, Entry>) => {
		const kept = Object.entries(entries)
			.sort((a, b) => b[1].at - a[1].at)
			.slice(0, MAX_ENTRIES);
		try {
			storage?.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
		} catch {
			// Storage full or denied: the guard is a safety net, never a reason to fail a chart.
		}
	};
	return {
		/** True when an earlier page load did not finish drawing this spec (or was too slow). */
		suspect(key: string): boolean {
			const entry = read()[key];
			return entry !== undefined && (entry.page !== page || entry.slow === true);
		},
		/** The drawing starts; returns the call that records its end. */
		begin(key: string): () => void {
			const started = Date.now();
			write({ ...read(), [key]: { page, at: started } });
			return () => {
				const entries = read();
				if (Date.now() - started > SLOW_MS) entries[key] = { page, at: started, slow: true };
				else delete entries[key];
				write(entries);
			};
		},
		/**
		 * The page is leaving normally (a reload, a navigation, the tab closed): its drawings in
		 * progress did not freeze it, so they are forgotten. A frozen page never gets here.
		 */
		leave(): void {
			const entries = read();
			for (const [key, entry] of Object.entries(entries)) if (entry.page === page && !entry.slow) delete entries[key];
			write(entries);
		},
		/** The user chose to draw it anyway: forget what is known of it. */
		forgive(key: string): void {
			const entries = read();
			delete entries[key];
			write(entries);
		}
	};
}

export type RenderGuard = ReturnType<typeof createRenderGuard>;

/** The page's guard. */
export const renderGuard = createRenderGuard(typeof localStorage === 'undefined' ? undefined : localStorage);
globalThis.addEventListener?.('pagehide', () => renderGuard.leave());
