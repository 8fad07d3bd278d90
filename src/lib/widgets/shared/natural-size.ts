/**
 * Helpers for widgets' natural sizes: the frame a widget's content needs (rows, legend,
 * labels, markers), estimated from params alone so the canvas can open a frame at it before
 * anything renders. Estimates use the app's type scale (13 px text, about 7 px per character
 * at that size); the canvas refines them once by measuring the rendered content.
 */
import type { WidgetDefinition } from '../types';

/** Height of the frame's title bar and borders, added to a body height. */
export const frameChrome = 32;

/** The sensible bounds of an opened frame, in canvas pixels. */
export const naturalBounds = { minW: 200, maxW: 960, minH: 96, maxH: 720 } as const;

/** Average width of one character of body text, in pixels. */
export const charWidth = 7;

/** Height of one line of body text, in pixels. */
export const lineHeight = 19;

/** Clamps a frame size into {@link naturalBounds} and rounds it up to the 8 px grid. */
export function boundSize(size: { w: number; h: number }): { w: number; h: number } {
	const round = (value: number) => Math.ceil(value / 8) * 8;
	return {
		w: Math.min(naturalBounds.maxW, Math.max(naturalBounds.minW, round(size.w))),
		h: Math.min(naturalBounds.maxH, Math.max(naturalBounds.minH, round(size.h)))
	};
}

/** The frame size for a body of `width` × `bodyHeight` (adds the title bar), bounded. */
export function frameFor(width: number, bodyHeight: number): { w: number; h: number } {
	return boundSize({ w: width, h: bodyHeight + frameChrome });
}

/** How many lines `text` takes in a column `width` pixels wide (at least one for any text). */
export function textLines(text: unknown, width: number, perChar = charWidth): number {
	if (text === undefined || text === null || text === '') return 0;
	const perLine = Math.max(8, Math.floor(width / perChar));
	return String(text)
		.split('\n')
		.reduce((total, line) => total + Math.max(1, Math.ceil(line.length / perLine)), 0);
}

/** The length of an array param, 0 for anything else. */
export function countOf(value: unknown): number {
	return Array.isArray(value) ? value.length : 0;
}

/** The longest text among `values` (strings, numbers), in characters. */
export function longestText(values: readonly unknown[]): number {
	return values.reduce<number>(
		(max, value) =>
			typeof value === 'string' || typeof value === 'number' ? Math.max(max, String(value).length) : max,
		0
	);
}

/**
 * The frame a widget opens at for `params`: its definition's `naturalSize` when it has one
 * (and it does not throw on odd params), else its default size; always within bounds.
 */
export function naturalFrameSize(
	definition: Pick<WidgetDefinition, 'defaultSize' | 'naturalSize'>,
	params: Record<string, unknown>
): { w: number; h: number } {
	try {
		const size = definition.naturalSize?.(params);
		if (size && Number.isFinite(size.w) && Number.isFinite(size.h)) return boundSize(size);
	} catch {
		// An estimate never stops a widget from showing: the default size stands in.
	}
	return boundSize(definition.defaultSize);
}
