/**
 * The canvas' file actions: export as a JSON file, a picture of the whole canvas, import
 * from a file and a share link. The work behind them (`transfers.ts`, and the picture
 * exporter, import checks and share-link encoding it loads) comes on first use. Failures
 * become notices on the store; an import that fails leaves the canvas unchanged.
 */
import { AutoUiError, errorMessage } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import type { CanvasStore } from '../canvas-store.svelte';

type Transfers = typeof import('./transfers');

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
	#shareCopied = $state(false);
	#options: FileActionsOptions;

	constructor(options: FileActionsOptions) {
		this.#options = options;
	}

	get shareLink(): string {
		return this.#shareLink;
	}

	/** The last link made is on the clipboard ("Link copied"), not only in the box. */
	get shareCopied(): boolean {
		return this.#shareCopied;
	}

	dismissShareLink(): void {
		this.#shareLink = '';
	}

	/** Downloads the canvas as a JSON document. */
	exportFile = (): Promise<void> =>
		this.#attempt('Export failed', async (work, store) => work.exportCanvasFile(store.widgets, store.params.values), {
			subject: 'export'
		});

	/** Downloads the canvas as a dashboard file: sources and parameters, no fetched rows, stable. */
	exportDashboard = (): Promise<void> =>
		this.#attempt('Export failed', (work, store) => work.exportDashboardFile(store, this.#options.servers()), {
			subject: 'export'
		});

	/** Saves one PNG of every widget (collapsed frames as their title bar). */
	exportPicture = (): Promise<void> =>
		this.#attempt(
			'The picture of the canvas failed',
			async (work, store) => {
				store.notify('info', await work.canvasPicture(store.widgets, this.#options.picture()), undefined, {
					subject: 'picture'
				});
			},
			{ subject: 'picture' }
		);

	/** Replaces the canvas with a file's widgets (one undo step); nothing changes when none is valid. */
	importFile = (file: File): Promise<void> =>
		this.#attempt(
			'Import failed (your canvas is unchanged)',
			(work, store) => work.importCanvasFile(store, this.#options.validator(), file),
			{ subject: 'import' }
		);

	/** Builds a share link and copies it when the browser allows; too large, it offers the file export. */
	share = (): Promise<void> =>
		this.#attempt(
			'Could not build a share link',
			async (work, store) => {
				const { servers, pageUrl = () => location.href } = this.#options;
				const link = await work.canvasShareLink(pageUrl(), store.widgets, servers(), store.params.values);
				const clipboard = globalThis.navigator?.clipboard;
				const copied = clipboard
					? await clipboard.writeText(link).then(
							() => true,
							() => false
						)
					: false;
				this.#shareCopied = copied;
				this.#shareLink = link;
			},
			{ subject: 'share', offerExport: true }
		);

	/**
	 * Runs an action's work (loaded on first use); a failure becomes an error notice starting
	 * with `failure` about `subject` (a later notice about it replaces it), offering the file
	 * export when `offerExport` and the canvas was too large.
	 */
	async #attempt(
		failure: string,
		run: (work: Transfers, store: CanvasStore) => Promise<void>,
		{ subject, offerExport = false }: { subject?: string; offerExport?: boolean } = {}
	): Promise<void> {
		const store = this.#options.store();
		try {
			await run(await import('./transfers'), store);
		} catch (error) {
			const tooLarge = offerExport && error instanceof AutoUiError && error.code === 'limit_exceeded';
			const actions = tooLarge ? [{ id: 'share-export', label: 'Export as file', run: this.exportFile }] : undefined;
			store.notify('error', `${failure}: ${errorMessage(error)}`, actions, { subject });
		}
	}
}
