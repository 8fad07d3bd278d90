/**
 * Turns one server tool into the ProviderTool a provider receives — flattening, then the
 * profile's normalising — and keeps the inverse: `restoreArgs` maps the arguments the model
 * sends back to the shape the server expects (nulls of omitted optional properties removed,
 * flattened keys nested again).
 */
import { isPlainObject, truncateText, type JsonSchema } from '$lib/shared';
import type { SchemaPatch } from '../events';
import { flattenSchema, unflattenArgs } from './flatten';
import { normalizeSchema, type SchemaProfile } from './schema-normalize';
import type { ProviderTool } from '../types';

/** How tool schemas are prepared for the provider. */
export interface SchemaOptions {
	/** Target dialect; `strict` (the seed's behaviour) when absent. */
	profile?: SchemaProfile;
	/** Flatten nested objects (`center.lat` → `center__lat`) for small local models. */
	flatten?: boolean;
}

/** A provider-ready tool and how to map its arguments back. */
export interface AdaptedTool {
	tool: ProviderTool;
	/** The schema after all changes (what the model sees), for error messages. */
	schema: JsonSchema;
	patches: SchemaPatch[];
	restoreArgs(args: Record<string, unknown>): Record<string, unknown>;
}

/** Longest tool description sent to a provider; server descriptions are untrusted in size. */
export const MAX_DESCRIPTION_CHARS = 2000;

function stripNulls(value: unknown, path: readonly string[]): void {
	if (path.length === 0) return;
	const [head, ...rest] = path;
	if (head === '*') {
		if (Array.isArray(value)) for (const item of value) stripNulls(item, rest);
		return;
	}
	if (!isPlainObject(value)) return;
	if (rest.length === 0) {
		if (value[head] === null) delete value[head];
		return;
	}
	stripNulls(value[head], rest);
}

/** Adapts one tool. `name` is the prefixed provider name; `source` is the server's schema. */
export function adaptTool(
	name: string,
	description: string,
	source: unknown,
	options: SchemaOptions = {}
): AdaptedTool {
	const profile = options.profile ?? 'strict';
	const flattened = options.flatten && isPlainObject(source) ? flattenSchema(source as JsonSchema, name) : undefined;
	const normalized = normalizeSchema(flattened ? flattened.schema : source, profile, name);
	const nullablePaths = normalized.nullablePaths;
	const flatPaths = flattened?.paths ?? new Map<string, string[]>();
	return {
		tool: {
			name,
			description: truncateText(description, MAX_DESCRIPTION_CHARS),
			input_schema: normalized.schema,
			...(profile === 'openai' ? { strict: normalized.strict } : {})
		},
		schema: normalized.schema,
		patches: [...(flattened?.patches ?? []), ...normalized.patches],
		restoreArgs(args) {
			if (nullablePaths.length === 0 && flatPaths.size === 0) return args;
			const copy = structuredClone(args);
			for (const path of nullablePaths) stripNulls(copy, path);
			return unflattenArgs(copy, flatPaths);
		}
	};
}
