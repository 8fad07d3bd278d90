import { describe, expect, it } from 'vitest';
import { humanizeField, meaningfulTitle, sourceSubject } from './titles';

describe('meaningfulTitle', () => {
	it('keeps a given title', () => {
		expect(meaningfulTitle('bar', { title: ' Cars ', x: 'a', y: 'b' }, 'Bar chart')).toBe('Cars');
	});

	it('names a chart by its metric and its categories', () => {
		expect(meaningfulTitle('bar', { data: [], x: 'Origin', y: 'Horsepower' }, 'Bar chart')).toBe(
			'Horsepower by origin'
		);
		expect(meaningfulTitle('line', { data: [], x: 'date', y: ['price', 'volume'] }, 'Line chart')).toBe(
			'Price and volume by date'
		);
		expect(
			meaningfulTitle('bar', { data: [], x: 'origin', y: 'avg_horsepower', yTitle: 'Mean horsepower' }, 'Bar chart')
		).toBe('Mean horsepower by origin');
		expect(meaningfulTitle('scatter', { data: [], x: 'Weight_in_lbs', y: 'Miles_per_Gallon' }, 'Scatter plot')).toBe(
			'Miles per gallon vs weight in lbs'
		);
		expect(meaningfulTitle('histogram', { data: [], x: 'IMDB Rating' }, 'Histogram')).toBe(
			'Distribution of IMDB rating'
		);
		expect(meaningfulTitle('pie', { data: [], category: 'channel', value: 'sessions' }, 'Pie chart')).toBe(
			'Sessions by channel'
		);
	});

	it('uses a figure’s label, a callout’s heading, a question, a file name', () => {
		expect(meaningfulTitle('stat', { label: 'Monthly active users', value: 3 }, 'Stat')).toBe('Monthly active users');
		expect(
			meaningfulTitle(
				'kpi-grid',
				{ items: [{ label: 'Revenue' }, { label: 'Orders' }, { label: 'Returns' }] },
				'KPI grid'
			)
		).toBe('Revenue, Orders and 1 more');
		expect(meaningfulTitle('callout', { heading: 'Provisional', message: 'x' }, 'Callout')).toBe('Provisional');
		expect(meaningfulTitle('choice', { question: 'Which region?', options: [] }, 'Choice')).toBe('Which region?');
		expect(meaningfulTitle('kv', { data: { Source: 'cars.json', Rows: 406, Columns: 9 } }, 'Key/value list')).toBe(
			'Source, rows and 1 more'
		);
		expect(meaningfulTitle('kv', { items: [{ key: 'Name', value: 'Volvo 240' }] }, 'Key/value list')).toBe('Volvo 240');
		expect(meaningfulTitle('markdown', { content: 'Intro\n\n## Summary of Q1\ntext' }, 'Text')).toBe('Summary of Q1');
	});

	it("names a table by its caption, its source's table or its columns", () => {
		expect(meaningfulTitle('data-table', { rows: [{ a: 1 }], caption: 'Largest cities. Estimates.' }, 'Table')).toBe(
			'Largest cities'
		);
		const source = { tool: 'datasets_mcp_query_sql', args: { sql: 'SELECT Name FROM cars LIMIT 3' } };
		expect(meaningfulTitle('data-table', { rows: [{ a: 1 }, { a: 2 }, { a: 3 }] }, 'Table', source)).toBe(
			'Cars (3 rows)'
		);
		expect(meaningfulTitle('data-table', { rows: [{ city: 'Oslo', population_total: 1 }] }, 'Table')).toBe(
			'City and population total'
		);
	});

	it('falls back to the type with the subject, and to the type alone only when nothing is known', () => {
		expect(meaningfulTitle('image', {}, 'Image', { tool: 't', args: { dataset: 'movies' } })).toBe('Image of movies');
		expect(meaningfulTitle('image', {}, 'Image')).toBe('Image');
	});
});

describe('title helpers', () => {
	it('humanises field names and finds a query’s table', () => {
		expect(humanizeField('avg_horsepower')).toBe('Avg horsepower');
		expect(humanizeField('unitPrice')).toBe('Unit price');
		expect(sourceSubject({ tool: 'q', args: { sql: 'select * from "movies" where x' } })).toBe('movies');
		expect(sourceSubject(undefined)).toBeUndefined();
	});
});
