/**
 * Dashboards as files: the canvas as a readable, stable JSON document meant to live in a
 * repository and be reviewed as a diff. Keys are sorted, widgets are in stacking order, and
 * nothing volatile is written — no save time, creation times, tool-call ids, fetch times or
 * turn ids; a live widget keeps its source and parameters but not the rows its source fetches
 * (they are fetched again when the dashboard opens). Never a key: server URLs are cleaned of
 * credentials (see `shareableServerUrl`) and the canvas holds no header or token.
 *
 * Reading goes through the same checks as every outside canvas (`readRecords`).
 */
import { AutoUiError, isPlainObject, type ParamValues } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { shareableServerUrl, type CanvasReading } from '../canvas-document';
import { leaveOutLiveRows } from '../live/lighten';
import { readRecords } from '../records';
import type { WidgetRecord } from '../types';

/** The format marker and version of dashboard files. */
export const dashboardFormat = 'autoui-dashboard';
export const dashboardVersion = 1;

/** A dashboard file's content. */
export interface DashboardDocument {
	format: typeof dashboardFormat;
	version: typeof dashboardVersion;
	parameters: Record<string, unknown>;
	widgets: Record<string, unknown>[];
	servers?: string[];
}

/** One widget as a dashboard writes it: what it is and where, its params, its source. */
function dashboardWidget(record: WidgetRecord): Record<string, unknown> {
	const source = record.source;
	return {
		id: record.id,
		type: record.type,
		...(record.title ? { title: record.title } : {}),
		x: record.x,
		y: record.y,
		w: record.w,
		h: record.h,
		...(Object.keys(record.style).length ? { style: record.style } : {}),
		...(record.collapsed ? { collapsed: true } : {}),
		...(record.hidden ? { hidden: true } : {}),
		params: record.params,
		...(source
			? {
					source: {
						tool: source.tool,
						args: source.args,
						params: source.params,
						...(source.refreshSeconds ? { refreshSeconds: source.refreshSeconds } : {})
					}
				}
			: {})
	};
}

/** Builds the dashboard document of a canvas. */
export function createDashboardDocument(
	records: readonly WidgetRecord[],
	parameters: ParamValues,
	servers: readonly string[] = []
): DashboardDocument {
	const ordered = [...(leaveOutLiveRows(records) ?? records)].sort((a, b) => a.z - b.z);
	const clean = [...new Set(servers.map(shareableServerUrl).filter((url): url is string => url !== undefined))].sort();
	return {
		format: dashboardFormat,
		version: dashboardVersion,
		parameters: { ...parameters },
		widgets: ordered.map(dashboardWidget),
		...(clean.length ? { servers: clean } : {})
	};
}

/** Sorts object keys at every depth (arrays keep their order), for a stable text. */
function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys);
	if (!isPlainObject(value)) return value;
	return Object.fromEntries(
		Object.keys(value)
			.sort()
			.map((key) => [key, sortKeys(value[key])])
	);
}

/** The document as text: sorted keys, two-space indent, a final newline — the same canvas gives the same bytes. */
export function stringifyDashboard(document: DashboardDocument): string {
	return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

/**
 * Reads a dashboard document into records (each checked like any outside widget); a live
 * widget whose rows were left out fetches them when the canvas opens.
 */
export function readDashboardDocument(input: Record<string, unknown>, validator: WidgetValidator): CanvasReading {
	if (input.version !== dashboardVersion) {
		const version =
			typeof input.version === 'number' || typeof input.version === 'string'
				? String(input.version).slice(0, 20)
				: 'unknown';
		throw new AutoUiError(
			'storage_corrupt',
			`Dashboard version ${version} is not supported (this app reads version ${dashboardVersion}).`
		);
	}
	if (!Array.isArray(input.widgets)) throw new AutoUiError('storage_corrupt', 'This dashboard has no "widgets" list.');
	const now = Date.now();
	const widgets = input.widgets.map((widget, index) => {
		if (!isPlainObject(widget)) return widget;
		const source = isPlainObject(widget.source) ? { ...widget.source, rowsLeftOut: true } : undefined;
		return {
			...widget,
			z: index + 1,
			createdAt: now,
			provenance: { dataFrom: [], source: 'import' },
			...(source ? { source } : {})
		};
	});
	const { records, problems } = readRecords(widgets, validator);
	const servers = Array.isArray(input.servers)
		? input.servers.map(shareableServerUrl).filter((url): url is string => url !== undefined)
		: [];
	return { records, problems, servers, ...(isPlainObject(input.parameters) ? { parameters: input.parameters } : {}) };
}
