/**
 * The canvas' file actions: export as a JSON file, a picture of the whole canvas, import
 * from a file and a share link. The heavy parts (the picture exporter, import checks, share
 * link encoding) load on first use. Failures become notices on the store; an import that
 * fails leaves the canvas unchanged.
 */
import { AutoUiError, errorMessage } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { createCanvasDocument, parseCanvasDocument } from '../canvas-document';
import type { CanvasStore } from '../canvas-store.svelte';

/** The name an exported canvas is saved under: `autoui-canvas-<YYYY-MM-DD>.json`. */
export function canvasFileName(date: Date): string {
	return `autoui-canvas-${date.toISOString().slice(0, 10)}.json`;
}

/** What the file actions work on. */
export interface FileActionsOptions {
	/** The canvas' store and validator (read at each use: the view may be handed others). */
	store: () => CanvasStore;
	validator: () => WidgetValidator;
	/** MCP server URLs to include in share links (never keys or tokens). */
	servers: () => string[];
	/** The element that holds the frames at 100 % (pictured), and the surface (its background colour). */
	picture: () => { world: HTMLElement; surface: HTMLElement };
	/** The page's address, which a share link extends. */
	pageUrl?: () => string;
}

/** The file actions of one canvas view; `shareLink` is the last link made, shown until dismissed. */
export class FileActions {
	#shareLink = $state('');
	#options: FileActionsOptions;

	constructor(options: FileActionsOptions) {
		this.#options = options;
	}

	get shareLink(): string {
		return this.#shareLink;
	}

	dismissShareLink(): void {
		this.#shareLink = '';
	}

	/** Downloads the canvas as a JSON document. */
	exportFile = (): void => {
		const text = JSON.stringify(createCanvasDocument(this.#options.store().widgets), null, 2);
		const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
		const link = document.createElement('a');
		link.href = url;
		link.download = canvasFileName(new Date());
		link.click();
		setTimeout(() => URL.revokeObjectURL(url), 1000);
	};

	/** Saves one PNG of every widget (collapsed frames as their title bar). */
	exportPicture = async (): Promise<void> => {
		const store = this.#options.store();
		const rects = store.widgets.map((record) => (record.collapsed ? { ...record, h: 30 } : record));
		try {
			const { exportCanvasPicture } = await import('../export/export-actions');
			const { world, surface } = this.#options.picture();
			store.notify('info', await exportCanvasPicture(world, rects, getComputedStyle(surface).backgroundColor));
		} catch (error) {
			store.notify('error', `The picture of the canvas failed: ${errorMessage(error)}`);
		}
	};

	/** Replaces the canvas with a file's widgets (one undo step); nothing changes when none is valid. */
	importFile = async (file: File): Promise<void> => {
		const store = this.#options.store();
		const validator = this.#options.validator();
		try {
			const [{ applyImport }] = await Promise.all([import('../incoming'), validator.load()]);
			applyImport(store, parseCanvasDocument(await file.text(), validator), file.name);
		} catch (error) {
			store.notify('error', `Import failed (your canvas is unchanged): ${errorMessage(error)}`);
		}
	};

	/** Builds a share link and copies it when the browser allows; too large, it offers the file export. */
	share = async (): Promise<void> => {
		const { servers, pageUrl = () => location.href } = this.#options;
		const store = this.#options.store();
		try {
			const [{ buildShareLink }, { leaveOutLiveRows }] = await Promise.all([import('../share-link'), import('../live/lighten')]);
			this.#shareLink = await buildShareLink(pageUrl(), store.widgets, servers(), { lighten: leaveOutLiveRows });
			await globalThis.navigator?.clipboard?.writeText(this.#shareLink).catch(() => undefined);
		} catch (error) {
			const tooLarge = error instanceof AutoUiError && error.code === 'limit_exceeded';
			store.notify(
				'error',
				`Could not build a share link: ${errorMessage(error)}`,
				tooLarge ? [{ id: 'share-export', label: 'Export as file', run: this.exportFile }] : undefined
			);
		}
	};
}
