import { describe, expect, it } from 'vitest';
import { flattenSchema, unflattenArgs } from './flatten';
import { normalizeSchema } from './schema-normalize';
import { adaptTool } from './tool-adapter';

const nested = {
	type: 'object',
	properties: {
		query: { type: 'string', description: 'What to look for', minLength: 1, default: 'x' },
		limit: { type: 'integer', minimum: 1 },
		format: { oneOf: [{ type: 'string' }, { type: 'null' }] },
		center: {
			type: 'object',
			properties: { lat: { type: 'number' }, lng: { type: 'number' } },
			required: ['lat', 'lng']
		},
		tags: { type: 'array', items: { type: 'string' } },
		filter: {
			anyOf: [
				{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
				{ type: 'object', properties: { b: { type: 'number' } }, required: ['b'] }
			]
		}
	},
	required: ['query']
};

describe('normalizeSchema: strict profile (seed)', () => {
	it('removes oneOf/anyOf/allOf, adds additionalProperties: false everywhere and reports each change', () => {
		const { schema, patches } = normalizeSchema(nested, 'strict', 't');
		const text = JSON.stringify(schema);
		expect(text).not.toMatch(/"(oneOf|anyOf|allOf)"/);
		expect(schema.additionalProperties).toBe(false);
		expect(schema.properties!.center.additionalProperties).toBe(false);
		expect(schema.properties!.format.type).toEqual(['string', 'null']);
		expect(Object.keys(schema.properties!.filter.properties!)).toEqual(['a', 'b']);
		expect(schema.properties!.filter.required).toBeUndefined();
		expect(patches.map((patch) => patch.path)).toEqual(
			expect.arrayContaining([
				'/additionalProperties',
				'/properties/center/additionalProperties',
				'/properties/format/oneOf',
				'/properties/filter/anyOf'
			])
		);
		expect(patches.every((patch) => patch.tool === 't')).toBe(true);
	});

	it('does not mutate the input', () => {
		const copy = structuredClone(nested);
		normalizeSchema(nested, 'strict', 't');
		expect(nested).toEqual(copy);
	});

	it('merges allOf into one object schema', () => {
		const { schema } = normalizeSchema(
			{
				allOf: [
					{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
					{ properties: { b: { type: 'number' } }, required: ['b'] }
				]
			},
			'strict',
			't'
		);
		expect(schema).toMatchObject({
			type: 'object',
			properties: { a: { type: 'string' }, b: { type: 'number' } },
			required: ['a', 'b'],
			additionalProperties: false
		});
	});

	it('repairs and reports invalid schemas', () => {
		const missing = normalizeSchema(undefined, 'strict', 't');
		expect(missing.schema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
		expect(missing.patches[0].change).toMatch(/invalid schema/);
		const wrongRoot = normalizeSchema({ type: 'string' }, 'anthropic', 't');
		expect(wrongRoot.schema.type).toBe('object');
		expect(wrongRoot.patches[0].change).toMatch(/invalid root type/);
		const badRequired = normalizeSchema(
			{ type: 'object', properties: { a: { type: 'int' } }, required: ['a', 'ghost'] },
			'anthropic',
			't'
		);
		expect(badRequired.schema.required).toEqual(['a']);
		expect(badRequired.schema.properties!.a.type).toBeUndefined();
		expect(badRequired.patches.map((patch) => patch.change).join('\n')).toMatch(
			/unknown properties ghost[\s\S]*|invalid type/
		);
	});
});

describe('normalizeSchema: anthropic profile', () => {
	it('keeps full JSON Schema below the root, only flattening a root combinator', () => {
		const { schema, patches } = normalizeSchema(nested, 'anthropic', 't');
		expect(schema.properties!.format.oneOf).toBeDefined();
		expect(schema.properties!.query.minLength).toBe(1);
		expect(schema.additionalProperties).toBeUndefined();
		expect(patches).toEqual([]);
		const root = normalizeSchema(
			{
				anyOf: [
					{ type: 'object', properties: { a: { type: 'string' } } },
					{ type: 'object', properties: { b: { type: 'string' } } }
				]
			},
			'anthropic',
			't'
		);
		expect(root.schema.anyOf).toBeUndefined();
		expect(Object.keys(root.schema.properties!)).toEqual(['a', 'b']);
		expect(root.patches.some((patch) => patch.path === '/anyOf')).toBe(true);
	});
});

describe('normalizeSchema: openai strict profile', () => {
	it('requires every property, makes optional ones nullable, forbids extra keys, drops unsupported keywords', () => {
		const { schema, patches, nullablePaths } = normalizeSchema(nested, 'openai', 't');
		expect(schema.required).toEqual(Object.keys(nested.properties));
		expect(schema.additionalProperties).toBe(false);
		expect(schema.properties!.limit.type).toEqual(['integer', 'null']);
		expect(schema.properties!.query.type).toBe('string');
		expect(schema.properties!.query.minLength).toBeUndefined();
		expect(schema.properties!.query.default).toBeUndefined();
		expect(schema.properties!.format.anyOf).toBeDefined();
		expect(schema.properties!.format.oneOf).toBeUndefined();
		expect(schema.properties!.center.required).toEqual(['lat', 'lng']);
		expect(schema.properties!.filter.anyOf).toHaveLength(3);
		expect(schema.properties!.center.type).toEqual(['object', 'null']);
		expect(schema.properties!.center.additionalProperties).toBe(false);
		expect(nullablePaths).toEqual(expect.arrayContaining([['limit'], ['center'], ['tags'], ['filter']]));
		expect(nullablePaths).not.toContainEqual(['format']);
		expect(patches.some((patch) => /dropped minLength/.test(patch.change))).toBe(true);
	});

	it('gives typeless schemas and item-less arrays a type strict mode accepts', () => {
		const { schema } = normalizeSchema(
			{
				type: 'object',
				properties: { any: { description: 'anything' }, list: { type: 'array' } },
				required: ['any', 'list']
			},
			'openai',
			't'
		);
		expect(schema.properties!.any.anyOf).toEqual([{ type: 'string' }, { type: 'number' }, { type: 'boolean' }]);
		expect(schema.properties!.list.items).toEqual({
			anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }]
		});
	});

	it('keeps free-form objects open (widget params) and marks the schema non-strict', () => {
		const free = normalizeSchema(
			{
				type: 'object',
				properties: { name: { type: 'string' }, params: { type: 'object' } },
				required: ['name', 'params']
			},
			'openai',
			't'
		);
		expect(free.schema.properties!.params).toEqual({ type: 'object' });
		expect(free.strict).toBe(false);
		expect(free.patches.some((patch) => patch.path === '/properties/params' && /left open/.test(patch.change))).toBe(
			true
		);
		const closed = normalizeSchema(
			{ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
			'openai',
			't'
		);
		expect(closed.strict).toBe(true);
		const noArgs = normalizeSchema({ type: 'object' }, 'openai', 't');
		expect(noArgs.schema).toEqual({ type: 'object', properties: {}, additionalProperties: false, required: [] });
		expect(noArgs.strict).toBe(true);
	});

	it('adaptTool marks openai tools strict or not, and leaves the flag out for other profiles', () => {
		expect(
			adaptTool('a', 'd', { type: 'object', properties: { q: { type: 'string' } } }, { profile: 'openai' }).tool.strict
		).toBe(true);
		expect(
			adaptTool('a', 'd', { type: 'object', properties: { p: { type: 'object' } } }, { profile: 'openai' }).tool.strict
		).toBe(false);
		expect('strict' in adaptTool('a', 'd', { type: 'object' }, { profile: 'anthropic' }).tool).toBe(false);
	});
});

describe('flattening', () => {
	it('flattens center.lat into center__lat and un-flattens arguments exactly', () => {
		const { schema, paths, patches } = flattenSchema(nested, 't');
		expect(Object.keys(schema.properties!)).toContain('center__lat');
		expect(schema.properties!.center).toBeUndefined();
		expect(schema.required).toEqual(['query']);
		expect(paths.get('center__lng')).toEqual(['center', 'lng']);
		expect(patches[0].change).toMatch(/center__lat/);
		expect(unflattenArgs({ query: 'x', center__lat: 1, center__lng: 2 }, paths)).toEqual({
			query: 'x',
			center: { lat: 1, lng: 2 }
		});
	});

	it('keeps a nested object when flat names would collide, and never splits names that contain __', () => {
		const schema = {
			type: 'object',
			properties: {
				a__b: { type: 'string' },
				a: { type: 'object', properties: { b: { type: 'string' } } },
				c: { type: 'object', properties: { d__e: { type: 'string' } } }
			}
		};
		const flat = flattenSchema(schema, 't');
		expect(flat.schema.properties!.a).toBeDefined();
		expect(flat.paths.get('c__d__e')).toEqual(['c', 'd__e']);
		expect(unflattenArgs({ a__b: 'keep', c__d__e: 'x' }, flat.paths)).toEqual({ a__b: 'keep', c: { d__e: 'x' } });
	});

	it('marks flat keys required only when the whole chain is required', () => {
		const schema = {
			type: 'object',
			properties: {
				p: {
					type: 'object',
					properties: { q: { type: 'object', properties: { r: { type: 'string' } }, required: ['r'] } },
					required: ['q']
				}
			},
			required: ['p']
		};
		const flat = flattenSchema(schema, 't');
		expect(flat.schema.required).toEqual(['p__q__r']);
		expect(unflattenArgs({ p__q__r: 'x' }, flat.paths)).toEqual({ p: { q: { r: 'x' } } });
	});

	it('adaptTool restores arguments: nulls of omitted optional fields removed, then nested again', () => {
		const adapted = adaptTool('t', 'd', nested, { profile: 'openai', flatten: true });
		expect(adapted.tool.input_schema.properties!.center__lat.type).toEqual(['number', 'null']);
		const restored = adapted.restoreArgs({
			query: 'q',
			limit: null,
			format: null,
			center__lat: 1,
			center__lng: 2,
			tags: null,
			filter: null
		});
		expect(restored).toEqual({ query: 'q', format: null, center: { lat: 1, lng: 2 } });
	});
});
