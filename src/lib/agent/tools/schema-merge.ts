/**
 * Collapses JSON Schema combinators (oneOf / anyOf / allOf) into one plain schema, for the
 * providers that reject them. The result accepts at least what the most common variant
 * accepts: primitive unions become a `type` list, object unions merge their properties
 * (required only where every variant requires), allOf merges everything.
 */
import { isPlainObject, type JsonSchema } from '$lib/shared';

const SIMPLE_KEYS: ReadonlySet<string> = new Set(['type', 'description', 'title', 'enum', 'const', 'format']);

function isSimplePrimitive(schema: JsonSchema): boolean {
	return (
		typeof schema.type === 'string' &&
		schema.type !== 'object' &&
		schema.type !== 'array' &&
		Object.keys(schema).every((key) => SIMPLE_KEYS.has(key))
	);
}

function isObjectSchema(schema: JsonSchema): boolean {
	return schema.type === 'object' || (schema.type === undefined && isPlainObject(schema.properties));
}

/** Merges object schemas: union of properties; `required` is the intersection or the union. */
function mergeObjects(variants: JsonSchema[], requiredMode: 'all' | 'common'): JsonSchema {
	const properties: Record<string, JsonSchema> = {};
	for (const variant of variants) {
		for (const [key, value] of Object.entries(variant.properties ?? {})) {
			if (!(key in properties)) properties[key] = value;
		}
	}
	const requiredLists = variants.map((variant) => (Array.isArray(variant.required) ? variant.required : []));
	const required =
		requiredMode === 'all'
			? [...new Set(requiredLists.flat())]
			: (requiredLists[0] ?? []).filter((key) => requiredLists.every((list) => list.includes(key)));
	const merged: JsonSchema = { type: 'object', properties };
	if (required.length) merged.required = required;
	return merged;
}

/** Plain-object variants of a combinator keyword (anything else is ignored). */
function variantsOf(value: unknown): JsonSchema[] {
	return Array.isArray(value) ? value.filter((item): item is JsonSchema => isPlainObject(item)) : [];
}

/**
 * Merges the variants of one combinator into a single schema and says how.
 * `nullable` is true when one of the variants was `{ type: 'null' }`.
 */
export function mergeCombinator(
	keyword: 'oneOf' | 'anyOf' | 'allOf',
	value: unknown
): { schema: JsonSchema; how: string; nullable: boolean } {
	const variants = variantsOf(value);
	if (keyword === 'allOf') {
		const objects = variants.filter(isObjectSchema);
		const base = Object.assign({}, ...variants.filter((variant) => !isObjectSchema(variant))) as JsonSchema;
		const schema = objects.length ? { ...base, ...mergeObjects(objects, 'all') } : base;
		return { schema, how: `merged ${variants.length} allOf schemas`, nullable: false };
	}
	const nullable = variants.some((variant) => variant.type === 'null');
	const rest = variants.filter((variant) => variant.type !== 'null');
	if (rest.length === 0) return { schema: {}, how: `removed empty ${keyword}`, nullable };
	if (rest.every(isSimplePrimitive)) {
		const types = [...new Set(rest.map((variant) => variant.type as string))];
		const schema: JsonSchema = { type: types.length === 1 ? types[0] : types };
		const enums = rest.flatMap((variant) =>
			Array.isArray(variant.enum) ? variant.enum : 'const' in variant ? [variant.const] : []
		);
		if (enums.length && rest.every((variant) => Array.isArray(variant.enum) || 'const' in variant)) schema.enum = enums;
		return { schema, how: `${keyword} of ${rest.length} primitive types became a type list`, nullable };
	}
	if (rest.every(isObjectSchema)) {
		return {
			schema: mergeObjects(rest, 'common'),
			how: `${keyword} of ${rest.length} object schemas merged (properties of all, required only where all require)`,
			nullable
		};
	}
	return { schema: rest[0], how: `${keyword} replaced by its first variant`, nullable };
}
