import { describe, expect, it } from 'vitest';
import { bindingProblems, bindParams, isCodeArgument, boundValues, paramNamesIn, valuesSignature } from './bindings';

const args = {
	sql: 'SELECT * FROM cars WHERE ($origin IS NULL OR Origin = $origin) AND ($years IS NULL OR list_contains($years, Year))',
	params: { origin: { $param: 'origin' }, years: { $param: 'year', as: 'list' } },
	nested: [{ deep: { $param: 'origin' } }]
};

describe('parameter bindings', () => {
	it('finds the names a source binds, anywhere in its arguments', () => {
		expect(paramNamesIn(args)).toEqual(['origin', 'year']);
		expect(paramNamesIn({ sql: 'SELECT 1' })).toEqual([]);
		// An object with other keys is data, not a binding.
		expect(paramNamesIn({ value: { $param: 'origin', label: 'x' } })).toEqual([]);
	});

	it('replaces bindings with the current values; unset is null, "as": "list" always gives a list', () => {
		expect(bindParams(args, {})).toEqual({ ...args, params: { origin: null, years: null }, nested: [{ deep: null }] });
		expect(bindParams(args, { origin: 'Japan', year: 1970 })).toEqual({
			...args,
			params: { origin: 'Japan', years: [1970] },
			nested: [{ deep: 'Japan' }]
		});
		expect(bindParams(args, { year: [1970, 1971] }).params).toEqual({ origin: null, years: [1970, 1971] });
		// The template is untouched.
		expect(args.params.origin).toEqual({ $param: 'origin' });
	});

	it('keeps hostile values as values', () => {
		const bound = bindParams(args, { origin: "' OR 1=1 --" });
		expect(bound.params.origin).toBe("' OR 1=1 --");
		expect(bound.sql).toBe(args.sql);
	});

	it('reports bad names and unknown "as" with their place', () => {
		expect(bindingProblems({ a: [{ $param: 'bad name' }], b: { $param: 'ok', as: 'set' } })).toEqual([
			expect.stringMatching(/^\/a\/0: "bad name" is not a parameter name/),
			'/b: "as" may only be "list"'
		]);
		expect(bindingProblems(args)).toEqual([]);
	});

	it('tells what values a source was fetched with, and compares them', () => {
		expect(boundValues(args, { origin: 'Japan', other: 1 })).toEqual({ origin: 'Japan', year: null });
		expect(valuesSignature({ origin: 'Japan' }, ['origin', 'year'])).toBe(
			valuesSignature({ origin: 'Japan', year: null }, ['origin', 'year'])
		);
		expect(valuesSignature({ origin: 'Japan' }, ['origin'])).not.toBe(valuesSignature({ origin: 'USA' }, ['origin']));
	});

	it('stops walking absurdly deep arguments instead of hanging', () => {
		let deep: unknown = { $param: 'origin' };
		for (let level = 0; level < 10_000; level++) deep = { next: deep };
		expect(paramNamesIn(deep)).toEqual([]);
		expect(() => bindParams(deep, { origin: 'x' })).not.toThrow();
	});
});

describe('parameters and SQL text', () => {
	it('refuses a parameter standing for SQL text, and says how to bind it as a real query parameter', () => {
		const [problem] = bindingProblems({ sql: { $param: 'origin' } });
		expect(problem).toMatch(/"sql" is SQL text/);
		expect(problem).toContain('"params": {"origin": {"$param": "origin"}}');
		expect(bindingProblems({ query: [{ $param: 'q' }] })[0]).toMatch(/"query" is SQL text/);
		// Bound as data beside the SQL: accepted.
		expect(
			bindingProblems({ sql: 'SELECT * FROM cars WHERE Origin = $origin', params: { origin: { $param: 'origin' } } })
		).toEqual([]);
	});
});

describe('parameters and code arguments', () => {
	it('bindings refused only arguments named sql or query: any argument whose name marks code is refused now', () => {
		for (const name of [
			'raw_sql',
			'queryText',
			'filter_expression',
			'script',
			'jq',
			'whereClause',
			'template',
			'cmd',
			'code',
			'sourceCode'
		])
			expect(bindingProblems({ [name]: { $param: 'origin' } }), name).toHaveLength(1);
		expect(bindingProblems({ options: { script: { $param: 'origin' } } })[0]).toMatch(
			/^\/options\/script: "script" is code/
		);
		// Plain values stay bindable, also inside lists and objects.
		for (const name of ['origin', 'region', 'limit', 'city_name', 'descriptor', 'codec', 'country_code'])
			expect(bindingProblems({ [name]: { $param: 'origin' } }), name).toEqual([]);
		expect(isCodeArgument('sqlQuery')).toBe(true);
		expect(isCodeArgument('SQL')).toBe(true);
		expect(isCodeArgument('requests')).toBe(false);
	});
});
