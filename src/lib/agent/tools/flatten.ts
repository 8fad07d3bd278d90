/**
 * Optional schema flattening for small local models that handle nested objects poorly:
 * `{ center: { lat, lng } }` is offered as `center__lat`, `center__lng`, and the arguments
 * the model sends are un-flattened exactly (through the recorded key → path map, never by
 * splitting on `__`) before the call reaches the server.
 */
import { isPlainObject, type JsonSchema } from '$lib/shared';
import type { SchemaPatch } from '../events';

/** Separator between the segments of a flattened property name. */
export const FLATTEN_SEPARATOR = '__';

/** A flattened schema and the map back to nested paths. */
export interface FlattenedSchema {
	schema: JsonSchema;
	/** Flat key → nested property path, for every key that was produced by flattening. */
	paths: Map<string, string[]>;
	patches: SchemaPatch[];
}

/** An object schema with named properties and nothing that flattening would lose. */
function isFlattenable(schema: unknown): schema is JsonSchema & { properties: Record<string, JsonSchema> } {
	if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return false;
	if (Object.keys(schema.properties).length === 0) return false;
	const type = schema.type;
	if (type !== undefined && type !== 'object') return false;
	if (isPlainObject(schema.additionalProperties) || schema.additionalProperties === true) return false;
	return !(
		'anyOf' in schema ||
		'oneOf' in schema ||
		'allOf' in schema ||
		'$ref' in schema ||
		'patternProperties' in schema
	);
}

/**
 * Flattens nested object properties of a tool's input schema. A nested object whose flat
 * keys would collide with existing keys is left nested (and reported).
 */
export function flattenSchema(input: JsonSchema, tool: string): FlattenedSchema {
	const paths = new Map<string, string[]>();
	const patches: SchemaPatch[] = [];
	if (!isFlattenable(input)) return { schema: input, paths, patches };
	const top = input.properties;
	const properties: Record<string, JsonSchema> = {};
	const required: string[] = [];

	const add = (key: string, schema: JsonSchema, path: string[], isRequired: boolean, label: string): void => {
		const where = `/properties/${path.join('/properties/')}`;
		if (isFlattenable(schema)) {
			const children = Object.entries(schema.properties);
			const flatKeys = children.map(([child]) => `${key}${FLATTEN_SEPARATOR}${child}`);
			if (!flatKeys.some((flat) => flat in top || flat in properties)) {
				patches.push({ tool, path: where, change: `flattened into ${flatKeys.join(', ')}` });
				const childRequired = new Set(Array.isArray(schema.required) ? schema.required : []);
				const prefix = schema.description ? `${label} (${schema.description})` : label;
				children.forEach(([child, childSchema], index) => {
					add(
						flatKeys[index],
						childSchema,
						[...path, child],
						isRequired && childRequired.has(child),
						`${prefix} › ${child}`
					);
				});
				return;
			}
			patches.push({
				tool,
				path: where,
				change: 'left nested: flattened names would collide with existing properties'
			});
		}
		const nested = path.length > 1;
		properties[key] =
			nested && isPlainObject(schema)
				? { ...schema, description: schema.description ? `${label}: ${schema.description}` : label }
				: schema;
		if (nested) paths.set(key, path);
		if (isRequired) required.push(key);
	};

	const rootRequired = new Set(Array.isArray(input.required) ? input.required : []);
	for (const [key, schema] of Object.entries(top)) add(key, schema, [key], rootRequired.has(key), key);
	if (paths.size === 0) return { schema: input, paths, patches };
	const schema: JsonSchema = { ...input, properties };
	if (required.length) schema.required = required;
	else delete schema.required;
	return { schema, paths, patches };
}

/**
 * Rebuilds nested arguments from flat ones using the recorded paths. Keys that were not
 * produced by flattening pass through unchanged; a nested object is created only when at
 * least one of its flat keys is present.
 */
export function unflattenArgs(
	args: Record<string, unknown>,
	paths: ReadonlyMap<string, string[]>
): Record<string, unknown> {
	if (paths.size === 0) return args;
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(args)) {
		const path = paths.get(key);
		if (!path) {
			out[key] = value;
			continue;
		}
		let target = out;
		for (const segment of path.slice(0, -1)) {
			if (!isPlainObject(target[segment])) target[segment] = {};
			target = target[segment] as Record<string, unknown>;
		}
		target[path[path.length - 1]] = value;
	}
	return out;
}
