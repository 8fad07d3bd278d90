/**
 * Widgets that belong together: a new widget linked to one already on the canvas (it sets or
 * reads the same canvas parameter, or shows the same source) goes beside it when the row has
 * room, and the view then keeps both in sight.
 */
import { paramNamesIn } from '../params/bindings';
import { placementGap, snap, type Rect } from '../placement';
import type { WidgetSource } from '../types';

/** What a widget is linked by. */
export interface Linkable {
	params: Record<string, unknown>;
	source?: Pick<WidgetSource, 'tool' | 'args'>;
}

function stable(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'null';
}

/**
 * The links of a widget: `param:<name>` for the parameter a filter sets (`param`), a click
 * sets (`select.param`) or its source binds, and `source:<tool>:<args>` for its source.
 */
export function linkKeys(widget: Linkable): Set<string> {
	const keys = new Set<string>();
	const { params, source } = widget;
	if (typeof params.param === 'string') keys.add(`param:${params.param}`);
	const select = params.select as { param?: unknown } | undefined;
	if (select && typeof select === 'object' && typeof select.param === 'string') keys.add(`param:${select.param}`);
	if (source) {
		for (const name of paramNamesIn(source.args)) keys.add(`param:${name}`);
		keys.add(`source:${source.tool}:${stable(source.args)}`);
	}
	return keys;
}

/** The latest widget of `records` linked to `widget` (undefined when none is). */
export function linkedRecord<T extends Linkable & { hidden?: boolean }>(
	records: readonly T[],
	widget: Linkable
): T | undefined {
	const keys = linkKeys(widget);
	if (!keys.size) return undefined;
	for (let index = records.length - 1; index >= 0; index--) {
		const record = records[index];
		if (record.hidden || record.params === widget.params) continue;
		for (const key of linkKeys(record)) if (keys.has(key)) return record;
	}
	return undefined;
}

function overlaps(a: Rect, b: Rect, gap: number): boolean {
	return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

/**
 * A spot beside `anchor` for a frame of `size`: to its right on its row (past any frames
 * already there) within `width`, else right under it; undefined when neither is free.
 */
export function placeNextTo(
	existing: readonly Rect[],
	size: { w: number; h: number },
	width: number,
	anchor: Rect
): { x: number; y: number } | undefined {
	const gap = placementGap;
	const free = (x: number, y: number) =>
		!existing.some((rect) => overlaps({ x, y, w: size.w, h: size.h }, rect, gap - 1));
	const xs = [anchor.x + anchor.w, ...existing.map((rect) => rect.x + rect.w)]
		.map((x) => snap(x + gap))
		.filter((x) => x > anchor.x);
	for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
		if (x + size.w > width) break;
		if (free(x, anchor.y)) return { x, y: anchor.y };
	}
	const below = { x: anchor.x, y: snap(anchor.y + anchor.h + gap) };
	return free(below.x, below.y) ? below : undefined;
}
