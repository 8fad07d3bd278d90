/**
 * The work behind the canvas' file actions, loaded the first time one runs: the JSON file,
 * a picture of the canvas, reading an imported file, building a share link. The last three
 * load their own heavy part on demand (the picture exporter, import checks, share-link
 * encoding). Each throws on failure; `FileActions` turns failures into notices.
 */
import type { ParamValues } from '$lib/shared';
import { downloadText } from '$lib/widgets/shared/download';
import type { WidgetValidator } from '$lib/webmcp';
import { createCanvasDocument } from '../canvas-document';
import type { CanvasStore } from '../canvas-store.svelte';
import type { WidgetRecord } from '../types';

/** The name an exported canvas is saved under: `autoui-canvas-<YYYY-MM-DD>.json`. */
export function canvasFileName(date: Date): string {
	return `autoui-canvas-${date.toISOString().slice(0, 10)}.json`;
}

/** Downloads `records` (and the set parameters) as a canvas document (JSON, indented). */
export function exportCanvasFile(records: readonly WidgetRecord[], parameters: ParamValues = {}): void {
	downloadText(
		JSON.stringify(createCanvasDocument(records, [], parameters), null, 2),
		canvasFileName(new Date()),
		'application/json'
	);
}

/** Downloads the canvas as a dashboard file (see `dashboard/dashboard-document.ts`). */
export async function exportDashboardFile(store: CanvasStore, servers: readonly string[]): Promise<void> {
	const { saveDashboard } = await import('../dashboard/dashboard-file');
	saveDashboard(store, servers);
}

/** Draws every widget (collapsed frames as their title bar) into one PNG; returns the exporter's report. */
export async function canvasPicture(
	records: readonly WidgetRecord[],
	elements: { world: HTMLElement; surface: HTMLElement }
): Promise<string> {
	const rects = records.map((record) => (record.collapsed ? { ...record, h: 30 } : record));
	const { exportCanvasPicture } = await import('../export/export-actions');
	return exportCanvasPicture(elements.world, rects, getComputedStyle(elements.surface).backgroundColor);
}

/** Replaces the canvas with a file's valid widgets (one undo step); reports what it left out. Canvas or dashboard files. */
export async function importCanvasFile(store: CanvasStore, validator: WidgetValidator, file: File): Promise<void> {
	const [{ applyImport }, { readCanvasFile }] = await Promise.all([
		import('../incoming'),
		import('../dashboard/dashboard-file'),
		validator.load()
	]);
	applyImport(store, readCanvasFile(await file.text(), validator), file.name);
}

/** A share link of `records` and `servers` from the page at `pageUrl` (live widgets' rows left out when too large). */
export async function canvasShareLink(
	pageUrl: string,
	records: readonly WidgetRecord[],
	servers: string[],
	parameters: ParamValues = {}
): Promise<string> {
	const [{ buildShareLink }, { leaveOutLiveRows }] = await Promise.all([
		import('../share-link'),
		import('../live/lighten')
	]);
	return buildShareLink(pageUrl, records, servers, { lighten: leaveOutLiveRows, parameters });
}
