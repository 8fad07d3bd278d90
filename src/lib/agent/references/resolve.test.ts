import { describe, expect, it } from 'vitest';
import { followPointer, hasReferences, referenceLimits, resolveReferences, type ReferenceSource } from './resolve';
import { describeShape, referenceHint } from './shape';

const results: Record<string, unknown> = {
	toolu_1: {
		columns: [
			{ name: 'origin', type: 'VARCHAR' },
			{ name: 'avg_hp', type: 'DOUBLE' }
		],
		rows: [
			{ origin: 'USA', avg_hp: 119.05 },
			{ origin: 'Europe', avg_hp: 80.56 }
		],
		totalRows: 2
	},
	'a/b': { 'x~y': [1, 2, 3] },
	text: 'plain words'
};
const source: ReferenceSource = { value: (id) => results[id], ids: () => Object.keys(results) };

describe('data references', () => {
	it('replace {"$ref"} anywhere in params with the data, following JSON pointers', () => {
		const resolved = resolveReferences(
			{
				data: { $ref: 'toolu_1#/rows' },
				x: 'origin',
				layers: [{ values: { $ref: 'a/b#/x~0y/2' } }],
				all: { $ref: 'toolu_1' },
				note: { $ref: 'text' }
			},
			source
		);
		expect(resolved).toEqual({
			ok: true,
			count: 4,
			value: {
				data: (results.toolu_1 as { rows: unknown[] }).rows,
				x: 'origin',
				layers: [{ values: 3 }],
				all: results.toolu_1,
				note: 'plain words'
			}
		});
		// An object with other keys besides $ref is data, not a reference.
		expect(hasReferences({ data: { $ref: 'toolu_1', other: 1 } })).toBe(false);
	});

	it('say what exists when an id or a pointer is wrong', () => {
		const unknown = resolveReferences({ data: { $ref: 'toolu_9' } }, source);
		expect(unknown).toEqual({
			ok: false,
			errors: [
				{
					path: '/data',
					message: 'no result "toolu_9" in this conversation; results you can reference: toolu_1, a/b, text'
				}
			]
		});
		const pointer = resolveReferences({ data: { $ref: 'toolu_1#/row' } }, source);
		expect(pointer.ok ? '' : pointer.errors[0].message).toBe(
			'{"$ref": "toolu_1#/row"}: the result has no "row": it is an object with keys /columns, /rows, /totalRows'
		);
		const index = followPointer([1, 2], '/5');
		expect(index).toEqual({ ok: false, message: 'the result has no "5": it is an array of 2 items (use /0 … /1)' });
		expect(followPointer({}, 'rows')).toMatchObject({
			ok: false,
			message: expect.stringContaining('starting with "/"')
		});
		const none = resolveReferences({ data: { $ref: 'x' } }, { value: () => undefined, ids: () => [] });
		expect(none.ok ? '' : none.errors[0].message).toMatch(/no data result exists yet: call a data tool first/);
	});

	it('reject hostile references cheaply: huge pointers, too many references, deep nesting', () => {
		const long = resolveReferences({ data: { $ref: `toolu_1#${'/rows'.repeat(200)}` } }, source);
		expect(long.ok ? '' : long.errors[0].message).toMatch(/at most 512|at most 32/);
		const many = resolveReferences({ list: Array.from({ length: 80 }, () => ({ $ref: 'toolu_1' })) }, source);
		expect(many.ok ? [] : many.errors.map((error) => error.message)).toEqual([
			`at most ${referenceLimits.maxReferences} references per call`
		]);
		let deep: unknown = { $ref: 'toolu_1' };
		for (let level = 0; level < 500; level++) deep = { inner: deep };
		expect(() => resolveReferences(deep, source)).not.toThrow();
		// Data found through a reference is not resolved again: a result holding {"$ref"} stays as it is.
		const looped = resolveReferences(
			{ data: { $ref: 'self' } },
			{ value: () => ({ $ref: 'self' }), ids: () => ['self'] }
		);
		expect(looped).toEqual({ ok: true, count: 1, value: { data: { $ref: 'self' } } });
	});

	it("describe a result's shape and how to reference it", () => {
		expect(referenceHint('toolu_1', results.toolu_1)).toBe(
			'[Result id: toolu_1. To display this data without copying it, use {"$ref": "toolu_1"} or {"$ref": "toolu_1#/rows"} as a widget param. Shape: 2 rows at /rows; columns: origin (VARCHAR), avg_hp (DOUBLE).]'
		);
		expect(describeShape([{ a: 1, b: 'x' }])).toBe('1 item; fields: a (number), b (string)');
		expect(describeShape({ count: 1, total: 2 })).toBe('an object with keys count, total');
		expect(referenceHint('r', [1, 2])).toContain('use {"$ref": "r"} as a widget param');
	});
});
