/**
 * Reusable JSON Schema fragments for widget params. They keep schemas consistent: strict
 * about shape (unknown top-level fields are rejected so typos surface), tolerant of harmless
 * variations (numbers sent as strings, dates as strings or timestamps).
 */
import type { JsonSchema } from '$lib/shared';

/** A string with a length cap (model text is rendered as text, never as HTML). */
export function text(description: string, maxLength = 2000): JsonSchema {
	return { type: 'string', maxLength, description };
}

/** A number, or a string holding one ("1,234", "12%"). */
export function numberish(description: string): JsonSchema {
	return { type: ['number', 'string'], description };
}

/** A value shown as is: text or number. */
export function scalar(description: string): JsonSchema {
	return { type: ['string', 'number', 'boolean', 'null'], description };
}

/** A URL string; the widget applies the URL policy when rendering. */
export function url(description: string): JsonSchema {
	return { type: 'string', maxLength: 8192, description };
}

/** A date: ISO string, "2024-03", "31/12/2024" or a timestamp. */
export function date(description: string): JsonSchema {
	return { type: ['string', 'number'], description };
}

/** A closed list of choices. */
export function oneOf(values: readonly string[], description: string): JsonSchema {
	return { type: 'string', enum: [...values], description };
}

/** An object schema that rejects unknown fields. */
export function object(
	properties: Record<string, JsonSchema>,
	required: string[] = [],
	description?: string
): JsonSchema {
	return {
		type: 'object',
		properties,
		...(required.length ? { required } : {}),
		additionalProperties: false,
		...(description ? { description } : {})
	};
}

/** An array of items with optional bounds. */
export function list(items: JsonSchema, description: string, bounds: { min?: number; max?: number } = {}): JsonSchema {
	return {
		type: 'array',
		items,
		...(bounds.min !== undefined ? { minItems: bounds.min } : {}),
		...(bounds.max !== undefined ? { maxItems: bounds.max } : {}),
		description
	};
}

/** Rows of data: objects whose values are scalars (free-form keys). */
export function rows(description: string, max = 500_000): JsonSchema {
	return {
		type: 'array',
		items: { type: 'object', additionalProperties: scalar('A cell value') },
		maxItems: max,
		description
	};
}

/** The optional frame title every widget accepts. */
export const title: JsonSchema = text('Optional title shown above the widget', 200);

/** Colour variants shared by stat, callout, badges and progress. */
export const variants = ['default', 'info', 'success', 'warning', 'danger'] as const;
export type Variant = (typeof variants)[number];

/**
 * "At least one of these sets of fields is present" (e.g. category+value or x+y). Each branch
 * names its properties so strict Ajv (strictRequired) accepts it.
 */
export function requireOneOf(sets: string[][]): JsonSchema {
	return {
		anyOf: sets.map((set) => ({ required: set, properties: Object.fromEntries(set.map((key) => [key, true])) }))
	};
}
