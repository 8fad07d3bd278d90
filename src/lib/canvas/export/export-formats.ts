/**
 * Which export formats a widget has, for the frame menu. Kept apart from the export code so
 * the menu can list them without loading it.
 */
import type { WidgetExports } from '$lib/widgets/shared/widget-exports.svelte';

/** The formats of the frame menu, in menu order. */
export type WidgetExportFormat = 'png' | 'svg' | 'csv' | 'json';

/** The formats one widget can export: a picture always, the rest when the widget offers them. */
export function exportFormats(offered: WidgetExports | undefined): WidgetExportFormat[] {
	const formats: WidgetExportFormat[] = ['png'];
	if (offered?.svg) formats.push('svg');
	if (offered?.csv) formats.push('csv');
	if (offered?.json) formats.push('json');
	return formats;
}
