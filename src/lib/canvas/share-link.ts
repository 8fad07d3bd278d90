/**
 * Share links: the fragment `#hs=` carries the canvas as gzip-compressed (CompressionStream),
 * base64url JSON, plus the MCP server URLs (cleaned of credentials and secret-looking
 * parameters; API keys, tokens and headers are never part of a canvas document). The
 * fragment never reaches the server, so a large canvas cannot make the request fail (HTTP
 * 431); links older than that carried it in the query (`?hs=`) and are still read. A link
 * longer than {@link maxShareLinkLength} is refused with a pointer to the file export.
 * Opening a link re-validates every widget (see `incoming.ts` for what happens to the
 * recipient's own canvas).
 */
import { AutoUiError, type ParamValues } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { createCanvasDocument, readCanvasDocument, type CanvasReading } from './canvas-document';
import { shareParameter, shareValueOf, withoutShareValue } from './share-value';
import { readBounded } from './bounded-read';
import type { WidgetRecord } from './types';

export { hasShareValue, shareParameter, withoutShareValue } from './share-value';
/** Longest `hs` value we read (a link built elsewhere, or by an older version). */
export const maxShareLength = 1_500_000;
/**
 * Longest link we build, in characters: well within what every current browser accepts in
 * its address bar and what mail and chat clients pass on whole.
 */
export const maxShareLinkLength = 64 * 1024;
const maxInflatedBytes = 32 * 1024 * 1024;

function toBase64Url(bytes: Uint8Array): string {
	let binary = '';
	for (let index = 0; index < bytes.length; index += 0x8000) {
		binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
	}
	return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
	if (!/^[A-Za-z0-9_-]*$/.test(text))
		throw new AutoUiError('storage_corrupt', 'The shared canvas link is damaged (bad characters).');
	const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
	return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function pipe(
	bytes: Uint8Array,
	transform: CompressionStream | DecompressionStream,
	limit: number
): Promise<Uint8Array> {
	const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
	return readBounded(stream, limit, () => new AutoUiError('limit_exceeded', 'The shared canvas is too large to open.'));
}

/** Encodes records (and server URLs) as the `hs` value. */
export async function encodeShareValue(
	records: readonly WidgetRecord[],
	servers: readonly string[] = [],
	parameters: ParamValues = {}
): Promise<string> {
	const json = JSON.stringify(createCanvasDocument(records, servers, parameters));
	const compressed = await pipe(new TextEncoder().encode(json), new CompressionStream('gzip'), Number.MAX_SAFE_INTEGER);
	return toBase64Url(compressed);
}

function tooLarge(length: number): AutoUiError {
	return new AutoUiError(
		'limit_exceeded',
		`The canvas is too large for a link (${Math.round(length / 1024)} KB, at most ${Math.round(maxShareLinkLength / 1024)} KB); export it as a file instead.`
	);
}

/** Options of {@link buildShareLink}. */
export interface ShareLinkOptions {
	/**
	 * Called when the link would be too long: returns lighter records (e.g. without rows that
	 * can be fetched again from their source), or undefined when nothing can be dropped.
	 */
	lighten?: (records: readonly WidgetRecord[]) => readonly WidgetRecord[] | undefined;
	/** The canvas parameters the link carries (a dashboard opens filtered as it was). */
	parameters?: ParamValues;
}

/**
 * Builds a share link on `base` (usually the current page URL). The link carries the canvas
 * only: none of the sharer's own URL parameters (their LLM provider, local base URL, model,
 * servers given by ?mcp=) reach the recipient. When the link would be longer than {@link maxShareLinkLength} it tries
 * `options.lighten` once, then throws `limit_exceeded` pointing to the file export.
 */
export async function buildShareLink(
	base: string | URL,
	records: readonly WidgetRecord[],
	servers: readonly string[] = [],
	options: ShareLinkOptions = {}
): Promise<string> {
	const url = new URL(withoutShareValue(base));
	url.search = '';
	url.hash = '';
	const linkFor = async (list: readonly WidgetRecord[]) =>
		`${url.href}#${shareParameter}=${await encodeShareValue(list, servers, options.parameters)}`;
	let link = await linkFor(records);
	if (link.length > maxShareLinkLength && options.lighten) {
		const lighter = options.lighten(records);
		if (lighter) link = await linkFor(lighter);
	}
	if (link.length > maxShareLinkLength) throw tooLarge(link.length);
	return link;
}

/** Decodes an `hs` value; throws `storage_corrupt` for a damaged link. */
export async function decodeShareValue(value: string, validator: WidgetValidator): Promise<CanvasReading> {
	if (value.length > maxShareLength)
		throw new AutoUiError('limit_exceeded', 'The shared canvas link is too long to open.');
	let text: string;
	try {
		const inflated = await pipe(fromBase64Url(value), new DecompressionStream('gzip'), maxInflatedBytes);
		text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
	} catch (error) {
		if (error instanceof AutoUiError) throw error;
		throw new AutoUiError('storage_corrupt', 'The shared canvas link is damaged and cannot be opened.', {
			cause: error
		});
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw new AutoUiError('storage_corrupt', 'The shared canvas link is damaged (not JSON).', { cause: error });
	}
	return readCanvasDocument(parsed, validator);
}

/** Reads the shared canvas from a page URL; undefined when the URL has no `hs`. */
export async function readShareLink(url: string | URL, validator: WidgetValidator): Promise<CanvasReading | undefined> {
	const value = shareValueOf(new URL(url));
	return value ? decodeShareValue(value, validator) : undefined;
}
