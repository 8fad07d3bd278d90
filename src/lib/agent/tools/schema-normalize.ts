/**
 * Schema normalising per provider profile, so a tool schema a server sends is accepted by
 * the provider we call. Every change is reported as a SchemaPatch (the console shows them).
 *
 * - `strict` (seed 000): oneOf/anyOf/allOf removed (merged), `additionalProperties: false`
 *   added where missing, invalid schemas repaired and reported.
 * - `anthropic`: full JSON Schema is accepted; only the root must be a plain object schema
 *   (no top-level combinators). Invalid parts are still repaired and reported.
 * - `openai` (strict function calling): every property required — optional ones become
 *   nullable —, `additionalProperties: false` everywhere, oneOf → anyOf, allOf merged, and
 *   keywords strict mode rejects are dropped. The nullable paths are returned so the
 *   dispatcher can remove the `null`s the model sends for omitted optional arguments.
 */
import { isPlainObject, type JsonSchema } from '$lib/shared';
import type { SchemaPatch } from '../events';
import { mergeCombinator } from './schema-merge';

/** The schema dialects we can target. */
export type SchemaProfile = 'anthropic' | 'openai' | 'strict';

/** A normalised schema, what changed, and which argument paths were made nullable. */
export interface NormalizedSchema {
	schema: JsonSchema;
	patches: SchemaPatch[];
	/** Property paths (`*` for array items) whose `null` means "omitted" (openai profile). */
	nullablePaths: string[][];
	/** True when the schema satisfies OpenAI strict mode (openai profile only). */
	strict: boolean;
}

const VALID_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** Keywords OpenAI strict mode accepts; everything else is dropped under the openai profile. */
const OPENAI_KEYWORDS: ReadonlySet<string> = new Set([
	'type',
	'properties',
	'required',
	'additionalProperties',
	'items',
	'enum',
	'const',
	'anyOf',
	'description',
	'title',
	'$ref',
	'$defs',
	'definitions',
	'pattern',
	'format',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum',
	'multipleOf',
	'minItems',
	'maxItems'
]);
const OPENAI_FORMATS: ReadonlySet<string> = new Set([
	'date-time',
	'time',
	'date',
	'duration',
	'email',
	'hostname',
	'ipv4',
	'ipv6',
	'uuid'
]);

interface Context {
	profile: SchemaProfile;
	tool: string;
	/** False once something strict mode cannot describe is kept (openai profile). */
	strict: boolean;
	patches: SchemaPatch[];
	nullablePaths: string[][];
}

function patch(context: Context, path: string, change: string): void {
	context.patches.push({ tool: context.tool, path: path || '/', change });
}

function typesOf(schema: JsonSchema): string[] {
	if (typeof schema.type === 'string') return [schema.type];
	return Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === 'string') : [];
}

function isObjectType(schema: JsonSchema): boolean {
	const types = typesOf(schema);
	return types.includes('object') || (types.length === 0 && isPlainObject(schema.properties));
}

/** Repairs keywords whose values are malformed (reported as invalid). */
function repairInvalid(schema: JsonSchema, path: string, context: Context): void {
	if (schema.type !== undefined) {
		const types = Array.isArray(schema.type) ? schema.type : [schema.type];
		const valid = types.filter((type): type is string => typeof type === 'string' && VALID_TYPES.has(type));
		if (valid.length !== types.length) {
			patch(
				context,
				`${path}/type`,
				`invalid type ${JSON.stringify(schema.type)}; ${valid.length ? `kept ${valid.join(', ')}` : 'removed'}`
			);
			if (valid.length === 0) delete schema.type;
			else schema.type = valid.length === 1 ? valid[0] : valid;
		}
	}
	if (schema.properties !== undefined && !isPlainObject(schema.properties)) {
		patch(context, `${path}/properties`, 'invalid properties (not an object); removed');
		delete schema.properties;
	}
	if (schema.required !== undefined) {
		if (!Array.isArray(schema.required) || schema.required.some((key) => typeof key !== 'string')) {
			patch(context, `${path}/required`, 'invalid required (not a list of names); removed');
			delete schema.required;
		} else {
			const known = Object.keys(schema.properties ?? {});
			const unknown = schema.required.filter((key) => !known.includes(key));
			if (unknown.length && isPlainObject(schema.properties)) {
				patch(
					context,
					`${path}/required`,
					`invalid: required lists unknown properties ${unknown.join(', ')}; removed them`
				);
				schema.required = schema.required.filter((key) => known.includes(key));
			}
		}
	}
	if (typesOf(schema).includes('array') && schema.items === undefined && context.profile !== 'anthropic') {
		patch(context, `${path}/items`, 'array without items; added items (any value)');
		schema.items = {};
	}
}

/** Removes combinators (strict), or converts and merges them (openai), in place. */
function collapseCombinators(schema: JsonSchema, path: string, context: Context, isRoot: boolean): void {
	const keywords =
		context.profile === 'strict' || isRoot ? (['allOf', 'oneOf', 'anyOf'] as const) : (['allOf'] as const);
	for (const keyword of keywords) {
		if (!(keyword in schema)) continue;
		if (context.profile === 'anthropic' && !isRoot) continue;
		const { schema: merged, how, nullable } = mergeCombinator(keyword, schema[keyword]);
		delete schema[keyword];
		for (const [key, value] of Object.entries(merged)) {
			if (key === 'properties' && isPlainObject(schema.properties)) {
				schema.properties = { ...(value as Record<string, JsonSchema>), ...schema.properties };
			} else if (key === 'required' && Array.isArray(schema.required)) {
				schema.required = [...new Set([...schema.required, ...(value as string[])])];
			} else if (!(key in schema)) {
				schema[key] = value;
			}
		}
		if (nullable && !isRoot) {
			const types = typesOf(schema);
			if (types.length && !types.includes('null')) schema.type = [...types, 'null'];
		}
		patch(context, `${path}/${keyword}`, `${how} (${keyword} is not accepted here)`);
	}
	if (context.profile === 'openai' && Array.isArray(schema.oneOf)) {
		schema.anyOf = schema.oneOf;
		delete schema.oneOf;
		patch(context, `${path}/oneOf`, 'oneOf became anyOf (strict mode has no oneOf)');
	}
}

function dropUnsupported(schema: JsonSchema, path: string, context: Context): void {
	for (const key of Object.keys(schema)) {
		if (OPENAI_KEYWORDS.has(key)) continue;
		patch(context, `${path}/${key}`, `dropped ${key} (not supported in strict mode)`);
		delete schema[key];
	}
	if (typeof schema.format === 'string' && !OPENAI_FORMATS.has(schema.format)) {
		patch(context, `${path}/format`, `dropped format ${schema.format} (not supported in strict mode)`);
		delete schema.format;
	}
}

/** Makes a property schema accept null; returns false when it already did. */
function makeNullable(schema: JsonSchema): JsonSchema | undefined {
	const types = typesOf(schema);
	if (types.includes('null') || (Array.isArray(schema.enum) && schema.enum.includes(null))) return undefined;
	if (types.length) {
		const next: JsonSchema = { ...schema, type: [...types, 'null'] };
		if (Array.isArray(schema.enum)) next.enum = [...schema.enum, null];
		return next;
	}
	if (Array.isArray(schema.anyOf)) {
		if (schema.anyOf.some((variant) => isPlainObject(variant) && variant.type === 'null')) return undefined;
		return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
	}
	return { anyOf: [schema, { type: 'null' }] };
}

function normalizeObject(schema: JsonSchema, path: string, argPath: string[] | undefined, context: Context): void {
	if (context.profile === 'anthropic') return;
	const additional = schema.additionalProperties;
	if (path !== '' && !isPlainObject(schema.properties) && additional !== false) {
		// Closing an object that declares no properties would forbid every key (e.g. widget params).
		if (context.profile === 'openai') context.strict = false;
		patch(
			context,
			path,
			`free-form object left open (closing it would forbid every key)${context.profile === 'openai' ? '; this tool is sent without strict mode' : ''}`
		);
		return;
	}
	if (context.profile === 'openai' && !isPlainObject(schema.properties)) schema.properties = {};
	if (additional === undefined) {
		schema.additionalProperties = false;
		patch(context, `${path}/additionalProperties`, 'added additionalProperties: false');
	} else if (context.profile === 'openai' && additional !== false) {
		context.strict = false;
		patch(
			context,
			`${path}/additionalProperties`,
			'additionalProperties kept (strict mode cannot describe it); this tool is sent without strict mode'
		);
	}
	if (context.profile !== 'openai' || !isPlainObject(schema.properties)) return;
	const required = new Set(Array.isArray(schema.required) ? schema.required : []);
	const properties = schema.properties as Record<string, JsonSchema>;
	const optional = Object.keys(properties).filter((key) => !required.has(key));
	for (const key of optional) {
		const nullable = makeNullable(properties[key]);
		if (nullable) {
			properties[key] = nullable;
			if (argPath) context.nullablePaths.push([...argPath, key]);
		}
	}
	if (optional.length) {
		patch(
			context,
			`${path}/required`,
			`optional properties ${optional.join(', ')} made required and nullable (send null to omit)`
		);
	}
	schema.required = Object.keys(properties);
}

function walk(
	input: unknown,
	path: string,
	argPath: string[] | undefined,
	context: Context,
	isRoot = false
): JsonSchema {
	if (!isPlainObject(input)) {
		if (typeof input === 'boolean' && !isRoot) return input ? {} : { not: {} };
		const shown = JSON.stringify(input) ?? 'undefined';
		if (!isRoot) {
			patch(context, path, `invalid schema ${shown}; replaced by {} (any value)`);
			return {};
		}
		patch(context, path, `invalid schema ${shown}; replaced by an empty object schema`);
		input = { type: 'object', properties: {} };
	}
	const schema: JsonSchema = { ...(input as JsonSchema) };
	repairInvalid(schema, path, context);
	collapseCombinators(schema, path, context, isRoot);
	if (context.profile === 'openai') {
		dropUnsupported(schema, path, context);
		if (!isRoot && !['type', 'anyOf', '$ref', 'enum', 'const'].some((key) => key in schema)) {
			schema.anyOf = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }];
			patch(context, path, 'schema without a type became string | number | boolean (strict mode needs a type)');
		}
	}
	if (isPlainObject(schema.properties)) {
		const properties: Record<string, JsonSchema> = {};
		for (const [key, value] of Object.entries(schema.properties)) {
			properties[key] = walk(value, `${path}/properties/${key}`, argPath ? [...argPath, key] : undefined, context);
		}
		schema.properties = properties;
	}
	if (isPlainObject(schema.items))
		schema.items = walk(schema.items, `${path}/items`, argPath ? [...argPath, '*'] : undefined, context);
	else if (Array.isArray(schema.items))
		schema.items = schema.items.map((item, index) => walk(item, `${path}/items/${index}`, undefined, context));
	if (isPlainObject(schema.additionalProperties)) {
		schema.additionalProperties = walk(schema.additionalProperties, `${path}/additionalProperties`, undefined, context);
	}
	for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
		if (Array.isArray(schema[keyword])) {
			schema[keyword] = (schema[keyword] as unknown[]).map((item, index) =>
				walk(item, `${path}/${keyword}/${index}`, undefined, context)
			);
		}
	}
	for (const keyword of ['$defs', 'definitions'] as const) {
		if (isPlainObject(schema[keyword])) {
			const defs: Record<string, JsonSchema> = {};
			for (const [key, value] of Object.entries(schema[keyword] as Record<string, unknown>)) {
				defs[key] = walk(value, `${path}/${keyword}/${key}`, undefined, context);
			}
			schema[keyword] = defs;
		}
	}
	if (isObjectType(schema)) normalizeObject(schema, path, argPath, context);
	return schema;
}

/**
 * Normalises one tool's input schema for a profile. Never mutates `input`. The root always
 * comes out as `{ type: 'object', ... }` — every provider requires that.
 */
export function normalizeSchema(input: unknown, profile: SchemaProfile, tool: string): NormalizedSchema {
	const context: Context = { profile, tool, strict: true, patches: [], nullablePaths: [] };
	let root: unknown = input;
	if (isPlainObject(root) && root.type !== undefined && root.type !== 'object') {
		patch(
			context,
			'/type',
			`invalid root type ${JSON.stringify(root.type)} (tool input must be an object); replaced by an empty object schema`
		);
		root = { type: 'object', properties: {} };
	}
	if (isPlainObject(root) && root.type === undefined) {
		root = { ...root, type: 'object' };
		patch(context, '/type', 'added type: object');
	}
	const schema = walk(root, '', [], context, true);
	return {
		schema,
		patches: context.patches,
		nullablePaths: context.nullablePaths,
		strict: profile === 'openai' && context.strict
	};
}
