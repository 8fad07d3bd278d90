import { describe, expect, it } from 'vitest';
import { exportFilename } from './export-actions';
import { exportFormats } from './export-formats';
import { fitScale, isOwnUrl, maxPicturePixels } from './picture';

describe('exportFormats', () => {
	it('offers a picture for every widget, SVG for charts, CSV and JSON for tables', () => {
		expect(exportFormats(undefined)).toEqual(['png']);
		expect(exportFormats({ svg: async () => '<svg/>', png: async () => new Blob() })).toEqual(['png', 'svg']);
		expect(exportFormats({ csv: () => '', json: () => '[]' })).toEqual(['png', 'csv', 'json']);
	});
});

describe('exportFilename', () => {
	it('names the file after the title, else the widget type', () => {
		expect(exportFilename('Horsepower by origin', 'bar', 'svg')).toBe('Horsepower-by-origin.svg');
		expect(exportFilename('../../etc/passwd', 'bar', 'png')).toBe('etc-passwd.png');
		expect(exportFilename(undefined, 'data-table', 'json')).toBe('data-table.json');
		expect(exportFilename('✓✓', 'stat', 'png')).toBe('stat.png');
	});
});

describe('picture limits', () => {
	it('reads only its own origin, data: and blob: URLs', () => {
		const origin = 'http://127.0.0.1:4173';
		expect(isOwnUrl('/favicon.png', origin)).toBe(true);
		expect(isOwnUrl('http://127.0.0.1:4173/a.png', origin)).toBe(true);
		expect(isOwnUrl('data:image/png;base64,AAAA', origin)).toBe(true);
		expect(isOwnUrl('blob:http://127.0.0.1:4173/x', origin)).toBe(true);
		expect(isOwnUrl('https://tracker.example/pixel.gif', origin)).toBe(false);
		expect(isOwnUrl('http://127.0.0.1:9999/a.png', origin)).toBe(false);
	});

	it('draws sharp pictures, lowering the scale so huge canvases stay drawable', () => {
		expect(fitScale(800, 600)).toBe(2);
		const scale = fitScale(20_000, 10_000);
		expect(scale).toBeLessThan(1);
		expect(20_000 * scale * 10_000 * scale).toBeLessThanOrEqual(maxPicturePixels + 1);
	});
});
