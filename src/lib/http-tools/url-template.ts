/**
 * URL templates of HTTP tools: `https://api.example.com/pets/{petId}`. Arguments fill the
 * path placeholders percent-encoded as one segment each, so a value can never add a segment,
 * a query or a fragment: `/` `?` `#` `%` are encoded, and `.` / `..` (which URL parsers treat
 * as "this" and "parent" segment even when percent-encoded) and empty values are refused.
 * After expansion the URL must keep the template's origin and static path prefix.
 */
import { AutoUiError } from '$lib/shared';

const placeholder = /\{([^{}/]+)\}/g;

/** The placeholder names in a URL template, in order. */
export function placeholderNames(template: string): string[] {
	return [...template.matchAll(placeholder)].map((match) => match[1]);
}

/** A path argument as one safe path segment; throws `invalid_argument` naming the argument. */
export function encodePathSegment(name: string, value: unknown): string {
	if (value === undefined || value === null)
		throw new AutoUiError('invalid_argument', `The path argument "${name}" is required.`);
	if (typeof value === 'object')
		throw new AutoUiError(
			'invalid_argument',
			`The path argument "${name}" must be a string or number, not ${Array.isArray(value) ? 'an array' : 'an object'}.`
		);
	const text = String(value);
	if (text === '') throw new AutoUiError('invalid_argument', `The path argument "${name}" must not be empty.`);
	if (/^(\.|%2e){1,2}$/i.test(text))
		throw new AutoUiError(
			'invalid_argument',
			`The path argument "${name}" cannot be "${text}" (it would name another path).`
		);
	return encodeURIComponent(text);
}

/**
 * Fills the path placeholders of `template` (resolved against `base` when relative) from
 * `args`. Returns the URL and the names used. Throws `invalid_argument` for a missing or
 * unsafe value, `internal` if the result left the template's origin or path prefix.
 */
export function expandUrl(
	template: string,
	args: Record<string, unknown>,
	base?: string
): { url: URL; used: string[] } {
	const used: string[] = [];
	const [pathPart, ...rest] = template.split('?');
	const filled = pathPart.replace(placeholder, (_match, name: string) => {
		used.push(name);
		return encodePathSegment(name, args[name]);
	});
	const joined = rest.length ? `${filled}?${rest.join('?')}` : filled;
	const url = base ? new URL(joined.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`) : new URL(joined);
	const staticPrefix = pathPart.split('{')[0];
	const expected = base
		? new URL(staticPrefix.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`)
		: new URL(staticPrefix);
	if (url.origin !== expected.origin || !url.pathname.startsWith(expected.pathname.replace(/[^/]*$/, ''))) {
		throw new AutoUiError('internal', `The URL built for ${template} left its path; nothing was sent.`);
	}
	return { url, used };
}
