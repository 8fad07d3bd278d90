/**
 * The file side of dashboards (loaded when first used): saving the canvas as a dashboard file,
 * and reading a file or a fetched document that is either a dashboard or a canvas export.
 */
import { AutoUiError, isPlainObject } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { downloadText } from '$lib/widgets/shared/download';
import { readCanvasDocument, type CanvasReading } from '../canvas-document';
import type { CanvasStore } from '../canvas-store.svelte';
import {
	createDashboardDocument,
	dashboardFormat,
	readDashboardDocument,
	stringifyDashboard
} from './dashboard-document';

/** Reads a dashboard or a canvas document from its JSON text (both are checked widget by widget). */
export function readCanvasFile(text: string, validator: WidgetValidator): CanvasReading {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw new AutoUiError('storage_corrupt', `The file is not valid JSON: ${(error as Error).message}`, {
			cause: error
		});
	}
	if (isPlainObject(parsed) && parsed.format === dashboardFormat) return readDashboardDocument(parsed, validator);
	return readCanvasDocument(parsed, validator);
}

/** Downloads the canvas as a dashboard file; returns the file name. */
export function saveDashboard(store: CanvasStore, servers: readonly string[] = []): string {
	const text = stringifyDashboard(createDashboardDocument(store.widgets, store.params.values, servers));
	const name = `autoui-dashboard-${new Date().toISOString().slice(0, 10)}.json`;
	downloadText(text, name, 'application/json');
	return name;
}
