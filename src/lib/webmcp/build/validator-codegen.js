/**
 * Turns widget definitions into one ES module of Ajv standalone validators, at build time
 * (Node), so the browser validates params without `eval` under our CSP. The module exports
 * `validators`, a map from widget name to a validate function with Ajv's `.errors`.
 *
 * Plain JavaScript (with JSDoc types) so `vite.config.ts` can import it by its real file
 * name under any config loader.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';

/**
 * The part of a widget definition the generator reads.
 * @typedef {{ name: string, schema: unknown }} SchemaSource
 */

// Both packages are CommonJS with a `default` export; normalise the interop shape.
/** @type {(ajv: Ajv) => Ajv} */
const addFormats = /** @type {any} */ (addFormatsModule).default ?? addFormatsModule;
/** @type {(ajv: Ajv, refs: Record<string, string>) => string} */
const standaloneCode = /** @type {any} */ (standaloneModule).default ?? standaloneModule;

/**
 * What Ajv requires at run time, and the runtime export that replaces it.
 * @type {Array<[RegExp, string]>}
 */
const runtimeRequires = [
	[/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, '__runtime.ucs2length'],
	[/require\("ajv\/dist\/runtime\/equal"\)\.default/g, '__runtime.equal'],
	[/require\("ajv-formats\/dist\/formats"\)\.fullFormats/g, '__runtime.fullFormats']
];

/**
 * Generates the module source. `runtimeImport` is the import specifier of
 * `validator-runtime.ts`. Throws when two definitions share a name, when a schema does not
 * compile, or when Ajv needs a runtime helper this generator does not provide.
 * @param {readonly SchemaSource[]} sources
 * @param {string} runtimeImport
 * @returns {string}
 */
export function generateValidatorModule(sources, runtimeImport) {
	const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: true, strict: false });
	addFormats(ajv);
	/** @type {Record<string, string>} */
	const refs = {};
	/** @type {string[]} */
	const names = [];
	for (const [index, source] of sources.entries()) {
		if (names.includes(source.name)) throw new Error(`Duplicate widget name "${source.name}" in the widget definitions`);
		names.push(source.name);
		const id = `v${index}`;
		try {
			ajv.addSchema(/** @type {object} */ (source.schema), id);
			ajv.getSchema(id);
		} catch (error) {
			throw new Error(`The schema of widget "${source.name}" does not compile: ${/** @type {Error} */ (error).message}`, { cause: error });
		}
		refs[id] = id;
	}
	let code = names.length ? standaloneCode(ajv, refs) : '';
	for (const [pattern, replacement] of runtimeRequires) code = code.replace(pattern, replacement);
	const leftover = /require\("([^"]+)"\)/.exec(code);
	if (leftover) throw new Error(`Validator code needs "${leftover[1]}", which validator-runtime.ts does not provide`);
	code = code.replace(/^"use strict";/, '');
	const map = names.map((name, index) => `${JSON.stringify(name)}: v${index}`).join(',\n  ');
	return [`import * as __runtime from ${JSON.stringify(runtimeImport)};`, code, `export const validators = {\n  ${map}\n};`, ''].join('\n');
}
