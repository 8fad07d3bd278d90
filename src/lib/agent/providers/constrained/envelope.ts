/**
 * The tool-call envelope for models that have no tool calling of their own (a GGUF model in
 * the browser, the browser's built-in model). Each reply is one JSON object, decoded under a
 * JSON-schema (grammar) constraint built from the tools offered in this request:
 *
 *   {"tool": "<one of the offered names>", "arguments": <that tool's input schema>}
 *   {"answer": "<plain text>"}                      (absent when a tool call is required)
 *
 * so even a small model emits a call that parses; the dispatcher then validates the
 * arguments as for any provider. The schema given to the decoder keeps only the keywords a
 * grammar can express (`grammarSchema`); what it cannot express is left to validation.
 */
import type { ProviderTool } from '../../types';

/** A JSON schema, as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The envelope's keys. */
export const envelopeKeys = { tool: 'tool', arguments: 'arguments', answer: 'answer' } as const;

/** Keywords kept as they are (values are not schemas). */
const plainKeywords = [
	'type',
	'enum',
	'const',
	'required',
	'minItems',
	'maxItems',
	'minLength',
	'maxLength',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum'
] as const;
/** String formats the grammar converter knows; others are left to validation. */
const grammarFormats = new Set(['date', 'time', 'date-time', 'uuid']);
/** Deeper nesting becomes "any JSON value": validation still checks it. */
const MAX_DEPTH = 12;

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of `schema` a grammar can express: descriptions, examples, `$ref`s, patterns and
 * unknown keywords dropped; objects that declare properties closed to other keys (so a call
 * stays short); `oneOf` read as `anyOf`. Never mutates `schema`.
 */
export function grammarSchema(schema: unknown, depth = 0): JsonSchema {
	if (!isObject(schema) || depth > MAX_DEPTH) return {};
	const out: JsonSchema = {};
	for (const keyword of plainKeywords)
		if (schema[keyword] !== undefined) out[keyword] = structuredClone(schema[keyword]);
	if (typeof schema.format === 'string' && grammarFormats.has(schema.format)) out.format = schema.format;
	if (isObject(schema.properties)) {
		const properties: JsonSchema = {};
		for (const [key, value] of Object.entries(schema.properties)) properties[key] = grammarSchema(value, depth + 1);
		out.properties = properties;
		if (Array.isArray(out.required))
			out.required = (out.required as unknown[]).filter((key) => typeof key === 'string' && key in properties);
		out.additionalProperties = false;
	} else if (isObject(schema.additionalProperties)) {
		out.additionalProperties = grammarSchema(schema.additionalProperties, depth + 1);
	}
	if (isObject(schema.items)) out.items = grammarSchema(schema.items, depth + 1);
	const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
	if (union) out.anyOf = union.map((branch) => grammarSchema(branch, depth + 1));
	if (Array.isArray(schema.allOf)) out.allOf = schema.allOf.map((part) => grammarSchema(part, depth + 1));
	return out;
}

/** How the envelope is built for one request. */
export interface EnvelopeOptions {
	/** `required`: no answer branch; `none`: no envelope at all (free text). */
	toolChoice?: 'auto' | 'required' | 'none';
	/** Arguments as any JSON object (the fallback when a decoder refuses a tool's schema). */
	looseArguments?: boolean;
}

/**
 * The schema every reply is decoded under, or null when the reply is free text (no tools
 * offered, or `toolChoice: 'none'`).
 */
export function envelopeSchema(tools: ProviderTool[], options: EnvelopeOptions = {}): JsonSchema | null {
	if (tools.length === 0 || options.toolChoice === 'none') return null;
	const branches: JsonSchema[] = tools.map((tool) => ({
		type: 'object',
		properties: {
			[envelopeKeys.tool]: { type: 'string', const: tool.name },
			[envelopeKeys.arguments]: options.looseArguments
				? { type: 'object' }
				: { ...grammarSchema(tool.input_schema), type: 'object' }
		},
		required: [envelopeKeys.tool, envelopeKeys.arguments],
		additionalProperties: false
	}));
	if (options.toolChoice !== 'required') {
		branches.push({
			type: 'object',
			properties: { [envelopeKeys.answer]: { type: 'string' } },
			required: [envelopeKeys.answer],
			additionalProperties: false
		});
	}
	return branches.length === 1 ? branches[0] : { anyOf: branches };
}

/** The instruction that tells the model the envelope (put at the end of the system prompt). */
export function envelopeInstruction(options: EnvelopeOptions = {}): string {
	const call = `{"${envelopeKeys.tool}": "<tool name>", "${envelopeKeys.arguments}": {…}}`;
	if (options.toolChoice === 'required') return `Reply with one JSON object that calls a tool: ${call}.`;
	return `Reply with one JSON object: ${call} to call a tool, or {"${envelopeKeys.answer}": "<your answer>"} to answer the user.`;
}

/** How an earlier assistant message looks in the envelope (so the model sees its own format). */
export function envelopeText(
	block: { type: 'text'; text: string } | { type: 'tool_use'; name: string; input: unknown }
): string {
	if (block.type === 'text') return JSON.stringify({ [envelopeKeys.answer]: block.text });
	return JSON.stringify({ [envelopeKeys.tool]: block.name, [envelopeKeys.arguments]: block.input ?? {} });
}
