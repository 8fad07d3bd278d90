import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '../definitions';
import { naturalBounds, naturalFrameSize, textLines } from './natural-size';

const definition = (name: string) => widgetDefinitions.find((candidate) => candidate.name === name)!;

describe('natural sizes', () => {
	it('keeps every example within the bounds', () => {
		for (const widget of widgetDefinitions) {
			const size = naturalFrameSize(widget, widget.example);
			expect(size.w, widget.name).toBeGreaterThanOrEqual(naturalBounds.minW);
			expect(size.w, widget.name).toBeLessThanOrEqual(naturalBounds.maxW);
			expect(size.h, widget.name).toBeGreaterThanOrEqual(naturalBounds.minH);
			expect(size.h, widget.name).toBeLessThanOrEqual(naturalBounds.maxH);
		}
	});

	it('fits a table to its rows: two rows get a small frame, many rows a capped one', () => {
		const table = definition('data-table');
		const small = naturalFrameSize(table, {
			rows: [
				{ origin: 'USA', n: 1 },
				{ origin: 'Japan', n: 2 }
			]
		});
		expect(small.h).toBeLessThan(260);
		expect(small.w).toBeLessThan(640);
		const large = naturalFrameSize(table, { rows: Array.from({ length: 400 }, (_, index) => ({ index })) });
		expect(large.h).toBeGreaterThan(small.h);
		expect(large.h).toBeLessThanOrEqual(naturalBounds.maxH);
	});

	it('grows lists of figures with their items instead of clipping them', () => {
		const kpis = definition('kpi-grid');
		const four = naturalFrameSize(kpis, {
			items: Array.from({ length: 4 }, (_, index) => ({ label: `K${index}`, value: index }))
		});
		const twelve = naturalFrameSize(kpis, {
			items: Array.from({ length: 12 }, (_, index) => ({ label: `K${index}`, value: index }))
		});
		expect(twelve.h).toBeGreaterThan(four.h);
		const progress = definition('progress');
		expect(naturalFrameSize(progress, progress.example).h).toBeGreaterThan(definition('progress').defaultSize.h);
	});

	it('falls back to the default size when an estimate throws or has none', () => {
		expect(
			naturalFrameSize(
				{
					defaultSize: { w: 300, h: 200 },
					naturalSize: () => {
						throw new Error('odd params');
					}
				},
				{}
			)
		).toEqual({ w: 304, h: 200 });
		expect(naturalFrameSize({ defaultSize: { w: 520, h: 340 } }, {})).toEqual({ w: 520, h: 344 });
	});

	it('counts wrapped lines', () => {
		expect(textLines('', 100)).toBe(0);
		expect(textLines('a'.repeat(30), 70)).toBe(3);
		expect(textLines('one\ntwo', 700)).toBe(2);
	});
});
