import { describe, expect, it } from 'vitest';
import { validators } from 'virtual:autoui-validators';
import { widgetDefinitions } from '$lib/widgets';
import { generateValidatorModule } from './validator-codegen.js';

describe('build-time validators', () => {
	it('the virtual module has a validator for every widget definition, and examples pass', () => {
		expect(Object.keys(validators).sort()).toEqual(widgetDefinitions.map((widget) => widget.name).sort());
		for (const widget of widgetDefinitions) {
			const validate = validators[widget.name];
			expect(validate(widget.example), `${widget.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
			expect(validate('not an object')).toBe(false);
			expect(validate.errors?.length).toBeGreaterThan(0);
		}
	});

	it('emits import-only code (no require, no eval) with runtime helpers rewired', () => {
		const code = generateValidatorModule(
			[
				{ name: 'a', schema: { type: 'object', properties: { s: { type: 'string', maxLength: 3, format: 'uri' } } } },
				{ name: 'b-c', schema: { type: 'object', properties: { t: { const: { x: 1 } } } } }
			],
			'/runtime.ts'
		);
		expect(code).not.toMatch(/require\(/);
		expect(code).not.toMatch(/new Function|eval\(/);
		expect(code).toContain('import * as __runtime from "/runtime.ts"');
		expect(code).toContain('__runtime.ucs2length');
		expect(code).toContain('__runtime.fullFormats');
		expect(code).toContain('__runtime.equal');
		expect(code).toContain('"b-c": v1');
	});

	it('fails the build on duplicate names and broken schemas, naming the widget', () => {
		expect(() => generateValidatorModule([{ name: 'x', schema: {} }, { name: 'x', schema: {} }], '/r.ts')).toThrow(/Duplicate widget name "x"/);
		expect(() => generateValidatorModule([{ name: 'bad', schema: { type: 'nonsense' } }], '/r.ts')).toThrow(/widget "bad" does not compile/);
	});
});
