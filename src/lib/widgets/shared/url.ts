/**
 * URL policy for links and images inside widgets. Every URL from params passes through here
 * before it reaches an `href` or `src`: links may be http(s) or mailto (opened in a new tab,
 * no opener, no referrer); images may be inline `data:image/*`, same-origin `blob:`, the
 * app's own `/examples/*.png`, or https from an allow-listed host, so rendering never contacts an arbitrary host. Scheme and
 * format checks are the shared sanitisers' (`$lib/webmcp/sanitize/url`), so the boundary and
 * the widgets agree.
 */
import { isBundledImage, sanitizeImageUrl, sanitizeLinkUrl } from '$lib/webmcp/sanitize/url';

/** Hosts whose https images widgets may load (exact host or any subdomain of it). */
export const defaultImageHosts: readonly string[] = [
	'upload.wikimedia.org',
	'commons.wikimedia.org',
	'images.unsplash.com',
	'avatars.githubusercontent.com',
	'raw.githubusercontent.com',
	'user-images.githubusercontent.com',
	'gravatar.com',
	'picsum.photos'
];

/** Where relative URLs resolve; in Node tests there is no page, so a fixed origin stands in. */
function pageOrigin(): string {
	return globalThis.location?.origin ?? 'http://localhost';
}

function parse(value: unknown): URL | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	// Control characters and whitespace inside a scheme are classic filter bypasses.
	// eslint-disable-next-line no-control-regex -- matching control characters is the point
	if (!text || text.length > 8192 || /[\u0000-\u001f\u007f]/.test(text)) return undefined;
	try {
		return new URL(text, pageOrigin());
	} catch {
		return undefined;
	}
}

function hostAllowed(host: string, hosts: readonly string[]): boolean {
	const lower = host.toLowerCase();
	return hosts.some((allowed) => lower === allowed || lower.endsWith(`.${allowed}`));
}

/** A link target that is safe to put in `href` (the shared link policy), or undefined. */
export function safeLinkUrl(value: unknown): string | undefined {
	const checked = sanitizeLinkUrl(value);
	return checked.ok ? checked.value : undefined;
}

/**
 * An image source that is safe to put in `src`, or undefined (show a placeholder instead).
 * Same-origin `blob:` URLs pass; everything else must pass the shared image policy
 * (scheme, credentials, data-URL signature) and, for https, come from an allow-listed host
 * (`hosts` replaces the default list), so rendering never contacts an arbitrary host.
 */
export function safeImageUrl(value: unknown, hosts: readonly string[] = defaultImageHosts): string | undefined {
	// The app's own example images (a fixed static folder) are the one relative path allowed.
	if (isBundledImage(value)) return value;
	// Otherwise only absolute URLs: a relative string from the model must not become a request to our own API.
	if (typeof value === 'string' && /^blob:/i.test(value.trim())) {
		const blob = parse(value);
		return blob && blob.origin === pageOrigin() ? blob.href : undefined;
	}
	const checked = sanitizeImageUrl(value);
	if (!checked.ok) return undefined;
	if (checked.value.startsWith('data:')) return checked.value;
	const absolute = parse(checked.value);
	return absolute && absolute.protocol === 'https:' && hostAllowed(absolute.hostname, hosts)
		? absolute.href
		: undefined;
}

/** The host of a URL for display ("example.org"), or an empty string. */
export function urlHost(value: unknown): string {
	const url = parse(value);
	return url && url.hostname ? url.hostname : '';
}
