import { describe, expect, it } from 'vitest';
import { axisLabel, prepareXY } from './prepare';

describe('axis titles', () => {
	it('reads column names made of identifiers as words, and leaves words alone', () => {
		expect(axisLabel('avg_hp')).toBe('Avg hp');
		expect(axisLabel('modelYear')).toBe('Model year');
		expect(axisLabel('miles-per-gallon')).toBe('Miles per gallon');
		expect(axisLabel('Horsepower')).toBeUndefined();
		expect(axisLabel('origin')).toBeUndefined();
	});

	it('titles the axes with the given titles, else the words of the columns', () => {
		const data = [{ origin_name: 'USA', avg_hp: 119 }];
		const plain = prepareXY({ data, x: 'origin_name', y: 'avg_hp' });
		expect(plain.x).toMatchObject({ field: 'origin_name', title: 'Origin name' });
		expect(plain.y).toMatchObject({ field: 'avg_hp', title: 'Avg hp' });
		const titled = prepareXY({ data, x: 'origin_name', y: 'avg_hp', xTitle: 'Origin', yTitle: 'Horsepower' });
		expect(titled.x).toMatchObject({ title: 'Origin' });
		expect(titled.y).toMatchObject({ title: 'Horsepower' });
	});
});
