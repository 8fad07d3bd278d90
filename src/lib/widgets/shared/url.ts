/**
 * URL policy for links and images inside widgets. Every URL from params passes through here
 * before it reaches an `href` or `src`: links may be http(s) or mailto (opened in a new tab,
 * no opener, no referrer); images may be same-origin, inline `data:image/*` or `blob:`, or
 * https from an allow-listed host, so rendering never contacts an arbitrary host.
 */

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

const linkSchemes = new Set(['http:', 'https:', 'mailto:']);
const dataImage = /^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[a-z0-9+/=\s]+$/i;

/** Where relative URLs resolve; in Node tests there is no page, so a fixed origin stands in. */
function pageOrigin(): string {
	return globalThis.location?.origin ?? 'http://localhost';
}

function parse(value: unknown): URL | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	// Control characters and whitespace inside a scheme are classic filter bypasses.
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

/** A link target that is safe to put in `href`, or undefined (render the text without a link). */
export function safeLinkUrl(value: unknown): string | undefined {
	const url = parse(value);
	if (!url || !linkSchemes.has(url.protocol)) return undefined;
	if (url.protocol !== 'mailto:' && !url.hostname) return undefined;
	return url.href;
}

/**
 * An image source that is safe to put in `src`, or undefined (show a placeholder instead).
 * `hosts` replaces the default https host allow-list.
 */
export function safeImageUrl(value: unknown, hosts: readonly string[] = defaultImageHosts): string | undefined {
	if (typeof value === 'string' && dataImage.test(value.trim())) return value.trim();
	const url = parse(value);
	if (!url) return undefined;
	if (url.protocol === 'blob:' && url.origin === pageOrigin()) return url.href;
	if (url.origin === pageOrigin() && (url.protocol === 'https:' || url.protocol === 'http:')) return url.href;
	if (url.protocol === 'https:' && !url.username && !url.password && hostAllowed(url.hostname, hosts)) return url.href;
	return undefined;
}

/** The host of a URL for display ("example.org"), or an empty string. */
export function urlHost(value: unknown): string {
	const url = parse(value);
	return url && url.hostname ? url.hostname : '';
}
