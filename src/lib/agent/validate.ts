/**
 * Argument validation against a tool's input schema with @cfworker/json-schema (no eval,
 * so it runs under the page's strict CSP). Failures carry readable details the model can
 * correct from.
 */
import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { isPlainObject, type JsonSchema } from '$lib/shared';

/** One problem found in the arguments. */
export interface ValidationDetail {
	/** JSON pointer into the arguments (`/center/lat`), `/` for the root. */
	path: string;
	message: string;
}

/** Keywords whose errors only repeat a nested error. */
const WRAPPER_KEYWORDS: ReadonlySet<string> = new Set([
	'properties',
	'items',
	'allOf',
	'additionalItems',
	'prefixItems',
	'$ref',
	'unevaluatedProperties',
	'dependentSchemas'
]);

function draftOf(schema: JsonSchema): SchemaDraft {
	const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
	if (declared.includes('draft-04')) return '4';
	if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
	if (declared.includes('2020-12')) return '2020-12';
	return '2019-09';
}

/**
 * Checks a result's `structuredContent` against the tool's `outputSchema` (seed 002's result
 * validation). Nothing to check — no schema, no structured content, an error result — gives
 * no details.
 */
export function validateResult(
	outputSchema: unknown,
	result: { structuredContent?: unknown; isError?: boolean },
	cache: WeakMap<object, Validator | null>
): ValidationDetail[] {
	if (!isPlainObject(outputSchema) || result.isError || result.structuredContent === undefined) return [];
	return validateArgs(outputSchema, result.structuredContent, cache);
}

/**
 * Validates `args` against `schema`. Validators are cached in `cache` by schema object.
 * A schema the validator cannot compile is treated as accepting everything (the server
 * still validates).
 */
export function validateArgs(
	schema: unknown,
	args: unknown,
	cache: WeakMap<object, Validator | null>
): ValidationDetail[] {
	if (!isPlainObject(schema)) return [];
	let validator = cache.get(schema);
	if (validator === undefined) {
		try {
			validator = new Validator(schema as Schema, draftOf(schema as JsonSchema), false);
		} catch {
			validator = null;
		}
		cache.set(schema, validator);
	}
	if (!validator) return [];
	let result;
	try {
		result = validator.validate(args);
	} catch {
		return [];
	}
	if (result.valid) return [];
	const details = result.errors
		.filter((error) => !WRAPPER_KEYWORDS.has(error.keyword))
		.map((error) => ({ path: error.instanceLocation.replace(/^#/, '') || '/', message: error.error }));
	return details.length
		? details
		: result.errors.map((error) => ({ path: error.instanceLocation.replace(/^#/, '') || '/', message: error.error }));
}
