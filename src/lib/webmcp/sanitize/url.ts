/**
 * URL policies for values that reach the DOM as `src` or `href`. Parsing goes through the
 * WHATWG URL parser (the browser's own), and the normalised `href` is returned, so what we
 * checked is exactly what the browser loads: tab/newline tricks (`java\tscript:`) and odd
 * casing are resolved before the scheme is compared.
 */
import { accept, refuse, type Sanitized } from './result';

/** Options for image URLs. */
export interface ImageUrlOptions {
	/**
	 * Extra hosts (`host` or `host:port`) that may serve images over plain http, e.g. a
	 * local tile server. https is allowed from any host.
	 */
	hosts?: readonly string[];
	/** Largest accepted `data:` URL in characters (default 2,000,000). */
	maxDataLength?: number;
}

const maxUrlLength = 8192;
const imageMimeTypes = ['png', 'jpeg', 'gif', 'webp'] as const;
const dataImagePattern = /^data:image\/(png|jpe?g|gif|webp);base64,([a-z0-9+/]*={0,2})$/i;
// Control characters, whitespace and backslashes have no place in a URL an agent sends.
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/;

function describe(value: string): string {
	return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

function parseAbsolute(value: unknown, what: string): Sanitized<URL> {
	if (typeof value !== 'string') return refuse(`${what} must be a string`);
	const text = value.trim();
	if (text.length === 0) return refuse(`${what} is empty`);
	if (unsafeCharacters.test(text))
		return refuse(`${what} ${describe(text)} contains spaces, control characters or backslashes`);
	try {
		return accept(new URL(text));
	} catch {
		return refuse(
			`${what} ${describe(text)} is not an absolute URL (write it in full, e.g. https://example.org/a.png)`
		);
	}
}

/** The first bytes of a base64 payload, decoded, to check the real image format. */
function leadingBytes(base64: string): Uint8Array {
	const head = atob(base64.slice(0, 24).replace(/=+$/, '').slice(0, 16));
	return Uint8Array.from(head, (char) => char.charCodeAt(0));
}

function matchesSignature(kind: string, bytes: Uint8Array): boolean {
	const ascii = String.fromCharCode(...bytes);
	switch (kind) {
		case 'png':
			return bytes[0] === 0x89 && ascii.slice(1, 4) === 'PNG';
		case 'jpeg':
		case 'jpg':
			return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
		case 'gif':
			return ascii.startsWith('GIF8');
		case 'webp':
			return ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP';
		default:
			return false;
	}
}

function sanitizeDataImage(text: string, maxLength: number): Sanitized<string> {
	if (text.length > maxLength) return refuse(`image data URL is ${text.length} characters; the limit is ${maxLength}`);
	const match = dataImagePattern.exec(text);
	if (!match) {
		return refuse(
			`image data URLs must be base64 PNG, JPEG, GIF or WebP (data:image/png;base64,...); SVG and other types are refused`
		);
	}
	const kind = match[1].toLowerCase();
	let bytes: Uint8Array;
	try {
		bytes = leadingBytes(match[2]);
	} catch {
		return refuse('image data URL has invalid base64');
	}
	if (!matchesSignature(kind, bytes))
		return refuse(`image data URL says image/${kind} but its bytes are not a ${kind} image`);
	return accept(`data:image/${kind === 'jpg' ? 'jpeg' : kind};base64,${match[2]}`);
}

/**
 * Checks an image URL: https from any host, http only from configured hosts, `data:` only
 * for base64 PNG/JPEG/GIF/WebP whose bytes match the declared type. Never `javascript:`,
 * never SVG. Returns the normalised URL.
 */
export function sanitizeImageUrl(value: unknown, options: ImageUrlOptions = {}): Sanitized<string> {
	const maxData = options.maxDataLength ?? 2_000_000;
	if (isBundledImage(value)) return accept(value);
	if (typeof value === 'string' && /^\s*data:/i.test(value)) return sanitizeDataImage(value.trim(), maxData);
	if (typeof value === 'string' && value.length > maxUrlLength)
		return refuse(`image URL is longer than ${maxUrlLength} characters`);
	const parsed = parseAbsolute(value, 'image URL');
	if (!parsed.ok) return parsed;
	const url = parsed.value;
	if (url.username || url.password) return refuse('image URL must not carry a user name or password');
	if (url.protocol === 'https:') return accept(url.href);
	const hosts = options.hosts ?? [];
	if (url.protocol === 'http:' && (hosts.includes(url.host) || hosts.includes(url.hostname))) return accept(url.href);
	const allowedHttp = hosts.length ? `; http only from ${hosts.join(', ')}` : '';
	return refuse(
		`image URL scheme "${url.protocol}" is not allowed: use https${allowedHttp}, or a base64 data:image/png|jpeg|gif|webp URL`
	);
}

/**
 * The app's own example images (`static/examples/`), the only relative image paths accepted:
 * a fixed folder of static files, so a path from the model can never reach an API route.
 */
export const bundledImagePattern = /^\/examples\/[a-z0-9-]{1,64}\.(png|webp|jpg)$/;

/** True for a path to one of the app's own example images. */
export function isBundledImage(value: unknown): value is string {
	return typeof value === 'string' && bundledImagePattern.test(value);
}

/** Schemes a link may use. */
export const allowedLinkSchemes = ['http:', 'https:', 'mailto:'] as const;

/**
 * Checks a link target: only http, https and mailto, absolute, no credentials. Returns the
 * normalised URL.
 */
export function sanitizeLinkUrl(value: unknown): Sanitized<string> {
	if (typeof value === 'string' && value.length > maxUrlLength)
		return refuse(`link is longer than ${maxUrlLength} characters`);
	const parsed = parseAbsolute(value, 'link');
	if (!parsed.ok) return parsed;
	const url = parsed.value;
	if (!(allowedLinkSchemes as readonly string[]).includes(url.protocol)) {
		return refuse(`link scheme "${url.protocol}" is not allowed; use ${allowedLinkSchemes.join(', ')}`);
	}
	if (url.username || url.password) return refuse('link must not carry a user name or password');
	if (url.protocol === 'mailto:' && !isMailAddress(url.pathname)) {
		return refuse('mailto link needs one address like mailto:name@example.org');
	}
	return accept(url.href);
}

function isMailAddress(path: string): boolean {
	try {
		return /^[^@\s/<>]+@[^@\s/<>]+$/.test(decodeURIComponent(path));
	} catch {
		return false;
	}
}

/** The image formats data: URLs may carry (for messages and docs). */
export const allowedDataImageTypes: readonly string[] = imageMimeTypes;
