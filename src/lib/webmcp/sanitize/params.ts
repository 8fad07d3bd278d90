/**
 * Sanitises widget params at the boundary, guided by the widget's JSON Schema. Strings the
 * schema marks as URLs are checked by the URL policies and replaced by their normalised
 * form; any `style` object goes through the style allow-list.
 *
 * A string is checked as a URL when its schema says `format: "uri" | "url" | "iri" |
 * "uri-reference"` or carries the annotation `"x-url": "image" | "link"`, or when its
 * property name is URL-like (`href`, `url`, `src`, `image`, `link`, ...) and the value has a
 * scheme (`x:`) or starts with `//`. Names with an image word (`src`, `image`, `icon`,
 * `thumbnail`, `logo`, `avatar`, `photo`, `poster`) or `x-url: "image"` select the image
 * policy; the rest the link policy. A value whose schema says `"x-opaque": true` is data the
 * app never renders (an MCP App View's tool input and result, read only inside its sandbox):
 * it is kept as it is.
 */
import { isPlainObject, type JsonSchema } from '$lib/shared';
import { sanitizeStyle } from './style';
import { sanitizeImageUrl, sanitizeLinkUrl, type ImageUrlOptions } from './url';

/** One refused value: a JSON Pointer to it and why. */
export interface SanitizeIssue {
	path: string;
	message: string;
}

/** Options for {@link sanitizeParams}. */
export interface SanitizeParamsOptions {
	image?: ImageUrlOptions;
}

const urlFormats = new Set(['uri', 'url', 'iri', 'uri-reference', 'iri-reference']);
const imageWords = new Set([
	'src',
	'image',
	'img',
	'icon',
	'thumbnail',
	'thumb',
	'logo',
	'avatar',
	'photo',
	'picture',
	'poster'
]);
const linkWords = new Set(['href', 'url', 'link', 'uri', 'website', 'homepage']);

/** Splits `imageUrl`, `image_url`, `image-urls` into singular lower-case words. */
function words(name: string): string[] {
	return name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.split(/[\s_-]+/)
		.filter(Boolean)
		.map((word) => word.toLowerCase().replace(/s$/, ''));
}

/** A scheme (`x:`) or a protocol-relative start: the value would be loaded as a URL. */
const looksLikeUrl = /^\s*([a-z][a-z0-9+.-]*:|\/\/)/i;

function urlKind(schema: JsonSchema | undefined, key: string | undefined, value: string): 'image' | 'link' | undefined {
	const hint = schema?.['x-url'];
	if (hint === 'image' || hint === 'link') return hint;
	const parts = words(key ?? '');
	const isImageName = parts.some((word) => imageWords.has(word));
	const formatSaysUrl = typeof schema?.format === 'string' && urlFormats.has(schema.format);
	if (formatSaysUrl) return isImageName ? 'image' : 'link';
	// By name alone, only values that would actually load as URLs are checked, so a text
	// field such as `icon: "star"` stays text.
	if (!looksLikeUrl.test(value)) return undefined;
	if (isImageName) return 'image';
	return linkWords.has(parts.at(-1) ?? '') ? 'link' : undefined;
}

function subSchemas(schema: JsonSchema | undefined): JsonSchema[] {
	if (!schema) return [];
	const alternatives = [schema.anyOf, schema.oneOf, schema.allOf].filter(Array.isArray).flat() as JsonSchema[];
	return [schema, ...alternatives];
}

function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
	for (const candidate of subSchemas(schema)) {
		const found = candidate.properties?.[key];
		if (found) return found;
		if (isPlainObject(candidate.additionalProperties)) return candidate.additionalProperties as JsonSchema;
	}
	return undefined;
}

function itemSchema(schema: JsonSchema | undefined, index: number): JsonSchema | undefined {
	for (const candidate of subSchemas(schema)) {
		const items = candidate.items;
		if (Array.isArray(items)) return items[index];
		if (items) return items;
	}
	return undefined;
}

function escapePointer(key: string): string {
	return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Returns a sanitised deep copy of `params`, or the list of refused values. Never mutates
 * its input.
 */
export function sanitizeParams(
	schema: JsonSchema | undefined,
	params: Record<string, unknown>,
	options: SanitizeParamsOptions = {}
): { ok: true; value: Record<string, unknown> } | { ok: false; issues: SanitizeIssue[] } {
	const issues: SanitizeIssue[] = [];

	function visit(value: unknown, node: JsonSchema | undefined, key: string | undefined, path: string): unknown {
		if (node?.['x-opaque'] === true) return value;
		if (typeof value === 'string') {
			const kind = urlKind(node, key, value);
			if (!kind || value === '') return value;
			const checked = kind === 'image' ? sanitizeImageUrl(value, options.image) : sanitizeLinkUrl(value);
			if (checked.ok) return checked.value;
			issues.push({ path: path || '/', message: checked.error });
			return value;
		}
		if (Array.isArray(value)) {
			return value.map((item, index) => visit(item, itemSchema(node, index), key, `${path}/${index}`));
		}
		if (isPlainObject(value)) {
			if (key === 'style' && !node?.properties) {
				const style = sanitizeStyle(value);
				if (style.ok) return style.value;
				issues.push({ path, message: style.error });
				return value;
			}
			const copy: Record<string, unknown> = {};
			for (const [childKey, child] of Object.entries(value)) {
				copy[childKey] = visit(child, propertySchema(node, childKey), childKey, `${path}/${escapePointer(childKey)}`);
			}
			return copy;
		}
		return value;
	}

	const value = visit(params, schema, undefined, '') as Record<string, unknown>;
	return issues.length ? { ok: false, issues } : { ok: true, value };
}
