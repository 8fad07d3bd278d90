import { describe, expect, it } from 'vitest';
import { svgWithTitle, titleBand } from './titled';

describe('svgWithTitle', () => {
	const chart = '<svg class="marks" width="300" height="200" viewBox="0 0 300 200"><rect/></svg>';

	it('writes the title above the chart in a taller picture', () => {
		const titled = svgWithTitle(chart, 'Horsepower <by> origin');
		expect(titled).toMatch(new RegExp(`^<svg [^>]*width="300" height="${200 + titleBand}"`));
		expect(titled).toContain('>Horsepower &#60;by&#62; origin</text>');
		expect(titled).toContain(`<g transform="translate(0 ${titleBand})">${chart}</g>`);
	});

	it('leaves a picture without a readable size, or an empty title, as it is', () => {
		expect(svgWithTitle('<svg><rect/></svg>', 'Cars')).toBe('<svg><rect/></svg>');
		expect(svgWithTitle(chart, '  ')).toBe(chart);
	});
});
