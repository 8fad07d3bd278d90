import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { widgetDefinitions, widgetRegistry } from './definitions';
import { widgetComponents } from './components';
import { defineWidgetRegistry } from './registry';
import type { JsonSchema } from '$lib/shared';
import { AutoUiError } from '$lib/shared';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }));
const validators = new Map(widgetDefinitions.map((definition) => [definition.name, ajv.compile(definition.schema)]));

function valid(name: string, params: unknown): boolean {
	return validators.get(name)!(params) as boolean;
}

/** Typical model mistakes per widget, beyond the generic ones checked for every widget. */
const mistakes: Record<string, unknown[]> = {
	stat: [{ label: 'Users', value: { amount: 3 } }, { label: 'Users', value: 3, trend: 'increasing' }, { value: 3 }],
	markdown: [{ content: ['a', 'b'] }, { text: 'hello' }],
	'data-table': [{ rows: 'a,b\n1,2' }, { rows: [{ a: 1 }], columns: ['a'] }, { rows: [{ a: 1 }], columns: [{ key: 'a', type: 'money' }] }, { rows: [{ a: { nested: true } }] }]
};

describe('widget catalog', () => {
	it('has a component for every definition and a definition for every component', () => {
		expect(Object.keys(widgetComponents).sort()).toEqual(widgetDefinitions.map((definition) => definition.name).sort());
	});

	it('builds its registry (no duplicate names)', () => {
		expect(widgetRegistry.names.length).toBe(widgetDefinitions.length);
		expect(widgetRegistry.require('stat').name).toBe('stat');
	});

	for (const definition of widgetDefinitions) {
		describe(definition.name, () => {
			it('has a complete definition', () => {
				expect(definition.title.length).toBeGreaterThan(1);
				expect(definition.description.length).toBeGreaterThan(20);
				expect(definition.recipe.whenToUse.length).toBeGreaterThan(40);
				expect(definition.recipe.howToUse.length).toBeGreaterThan(40);
				expect(definition.schema.type).toBe('object');
				expect(definition.defaultSize.w).toBeGreaterThanOrEqual(120);
				expect(definition.defaultSize.h).toBeGreaterThanOrEqual(60);
			});

			it('has an example that validates against its schema', () => {
				const validate = validators.get(definition.name)!;
				expect(validate(definition.example), JSON.stringify(validate.errors)).toBe(true);
			});

			it('rejects a missing required field, an unknown field and a bad enum', () => {
				const example = definition.example as Record<string, unknown>;
				for (const key of definition.schema.required ?? []) {
					const { [key]: _removed, ...rest } = example;
					expect(valid(definition.name, rest), `without ${key}`).toBe(false);
				}
				expect(valid(definition.name, { ...example, colour: 'red' })).toBe(false);
				for (const [key, property] of Object.entries(definition.schema.properties ?? {})) {
					if ((property as JsonSchema).enum) expect(valid(definition.name, { ...example, [key]: 'not-a-choice' }), key).toBe(false);
				}
				expect(valid(definition.name, 'a string')).toBe(false);
			});

			it('rejects typical model mistakes', () => {
				for (const params of mistakes[definition.name] ?? []) expect(valid(definition.name, params), JSON.stringify(params)).toBe(false);
			});
		});
	}

	it('has specific mistakes listed for every widget', () => {
		for (const definition of widgetDefinitions) expect(mistakes[definition.name]?.length ?? 0, definition.name).toBeGreaterThan(0);
	});
});

describe('defineWidgetRegistry', () => {
	const base = widgetDefinitions[0];

	it('throws at start-up on a duplicate name', () => {
		expect(() => defineWidgetRegistry([base, { ...base }])).toThrowError(/duplicate widget name "stat"/);
		try {
			defineWidgetRegistry([base, base]);
		} catch (error) {
			expect(error).toBeInstanceOf(AutoUiError);
			expect((error as AutoUiError).code).toBe('invalid_argument');
		}
	});

	it('rejects names that are not kebab-case', () => {
		expect(() => defineWidgetRegistry([{ ...base, name: 'Stat Card' }])).toThrowError(/kebab-case/);
	});

	it('lists the available names when a lookup fails', () => {
		const registry = defineWidgetRegistry([base]);
		expect(registry.get('nope')).toBeUndefined();
		expect(() => registry.require('nope')).toThrowError(/unknown widget "nope"; available: stat/);
	});
});
