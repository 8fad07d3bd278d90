import { describe, expect, it } from 'vitest';
import {
	branchOf,
	constraintHint,
	fieldKind,
	initialValue,
	inputTypeOf,
	pruneArgs,
	resolveRef,
	unionBranches
} from './schema-model';

const schema = {
	type: 'object',
	required: ['query', 'limit'],
	$defs: {
		point: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } }, required: ['lat'] }
	},
	properties: {
		query: { type: 'string', minLength: 1 },
		limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
		verbose: { type: 'boolean' },
		mode: { enum: ['fast', 'exact'] },
		tags: { type: 'array', items: { type: 'string' } },
		center: { $ref: '#/$defs/point' },
		when: { type: ['string', 'null'], format: 'date-time' },
		target: { oneOf: [{ type: 'string', title: 'By name' }, { $ref: '#/$defs/point' }] },
		optionalName: { anyOf: [{ type: 'string' }, { type: 'null' }] }
	}
};

describe('the tool form schema model', () => {
	it('picks an editor for each kind of node', () => {
		const p = schema.properties;
		expect(fieldKind(p.query)).toBe('string');
		expect(fieldKind(p.limit)).toBe('integer');
		expect(fieldKind(p.verbose)).toBe('boolean');
		expect(fieldKind(p.mode)).toBe('enum');
		expect(fieldKind(p.tags)).toBe('array');
		expect(fieldKind(resolveRef(p.center, schema))).toBe('object');
		expect(fieldKind(p.when)).toBe('string');
		expect(fieldKind(p.target)).toBe('union');
		expect(fieldKind(p.optionalName)).toBe('string');
		expect(fieldKind({})).toBe('json');
	});

	it('starts from defaults and empty containers', () => {
		expect(initialValue(schema, schema)).toEqual({ limit: 10, tags: [], center: {}, target: undefined });
	});

	it('sends only what was filled, keeping required members', () => {
		const filled = { query: 'x', limit: 5, mode: undefined, tags: [], center: {}, when: '', target: 'Paris' };
		expect(pruneArgs(filled, schema, schema)).toEqual({ query: 'x', limit: 5, tags: [], target: 'Paris' });
	});

	it('finds the branch a saved value belongs to', () => {
		const branches = unionBranches(schema.properties.target)!;
		expect(branchOf(branches, 'Paris', schema)).toBe(0);
		expect(branchOf(branches, { lat: 1 }, schema)).toBe(1);
	});

	it('turns format and bounds into input types and hints', () => {
		expect(inputTypeOf({ format: 'email' })).toBe('email');
		expect(inputTypeOf({ format: 'uri' })).toBe('url');
		expect(inputTypeOf({ format: 'date' })).toBe('date');
		expect(constraintHint(schema.properties.limit)).toBe('1 – 100');
	});
});
