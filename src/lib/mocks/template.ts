/**
 * Mock templates (seed 002's scripted mocks): a result rendered from the call's arguments.
 *
 * A template that is JSON is rendered as JSON, so arguments can never break its structure: a
 * string that is exactly `"{{path}}"` becomes the argument's value (number, list, object…),
 * and `{{path}}` inside a longer string inserts the value as text. Any other template is
 * text with `{{path}}` replaced. Paths are argument names with dots for nesting
 * (`{{city}}`, `{{filter.limit}}`, `{{args.city}}`); a missing value renders as empty text
 * (or `null` as a whole value), and `{{path ?? fallback}}` gives a default.
 */
import { isPlainObject, safeStringify, tryParseJson } from '$lib/shared';

const whole = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const inline = /\{\{\s*([^{}]+?)\s*\}\}/g;

function lookup(args: Record<string, unknown>, expression: string): unknown {
	const [path, fallback] = expression.split('??').map((part) => part.trim());
	let value: unknown = args;
	for (const key of path.replace(/^args\./, '').split('.')) {
		value = isPlainObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
	}
	if (value === undefined && fallback !== undefined) return tryParseJson(fallback) ?? fallback;
	return value;
}

function asText(value: unknown): string {
	if (value === undefined || value === null) return '';
	return typeof value === 'string' ? value : safeStringify(value);
}

function renderValue(node: unknown, args: Record<string, unknown>): unknown {
	if (typeof node === 'string') {
		const match = whole.exec(node);
		if (match) return lookup(args, match[1]) ?? null;
		return node.replace(inline, (_text, expression: string) => asText(lookup(args, expression)));
	}
	if (Array.isArray(node)) return node.map((item) => renderValue(item, args));
	if (isPlainObject(node))
		return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, renderValue(child, args)]));
	return node;
}

/** What a template rendered to: a JSON value, or text when the template is not JSON. */
export type Rendered = { kind: 'json'; value: unknown } | { kind: 'text'; text: string };

/** Renders a mock template over the arguments. */
export function renderTemplate(template: string, args: Record<string, unknown>): Rendered {
	const parsed = tryParseJson(template);
	if (parsed !== undefined) return { kind: 'json', value: renderValue(parsed, args) };
	return {
		kind: 'text',
		text: template.replace(inline, (_text, expression: string) => asText(lookup(args, expression)))
	};
}

/** Renders a static result (kept as is, placeholders included) or a template into a tool result. */
export function mockResult(
	mock: { result?: unknown; template?: string },
	args: Record<string, unknown>
): { content: Array<{ type: 'text'; text: string }>; structuredContent?: unknown } {
	if (mock.template !== undefined) {
		const rendered = renderTemplate(mock.template, args);
		if (rendered.kind === 'text') return { content: [{ type: 'text', text: rendered.text }] };
		return { content: [{ type: 'text', text: safeStringify(rendered.value) }], structuredContent: rendered.value };
	}
	const value = mock.result;
	if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
	return { content: [{ type: 'text', text: safeStringify(value ?? null) }], structuredContent: value ?? null };
}
