/**
 * Reads a View's HTML from its server's `resources/read` answer (spec: "UI Resource Format"):
 * the content item for the URI, of type `text/html;profile=mcp-app`, as `text` or base64
 * `blob`, with its `_meta.ui` (csp, permissions, prefersBorder, domain), read from the
 * `resources/list` entry as well (the content's fields win). Anything else is an error that
 * says what the server sent.
 */
import { AutoUiError, isPlainObject } from '$lib/shared';
import { viewMimeType } from './tool-meta';

/** The most HTML a View may have (a single-file app with inlined scripts is ~0.5 MB). */
export const maxViewBytes = 5 * 1024 * 1024;

/** A View ready to load. */
export interface ViewResource {
	html: string;
	/** `_meta.ui.csp` as declared (built into a policy by `buildViewCsp`). */
	csp?: unknown;
	/** `_meta.ui.permissions` as declared. */
	permissions?: unknown;
	prefersBorder?: boolean;
	/** `_meta.ui.domain` as declared (the View's origin is the host's per-server one, see `sandbox-origin.ts`). */
	domain?: string;
}

function isViewType(mimeType: unknown): boolean {
	return typeof mimeType === 'string' && mimeType.replace(/\s+/g, '').toLowerCase() === viewMimeType;
}

function decodeBase64(blob: string): string {
	const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
	return new TextDecoder().decode(bytes);
}

/**
 * Picks and checks the View in a `resources/read` result; throws `AutoUiError` when there is
 * none. `listed` is the `_meta` of its `resources/list` entry, when the server listed it.
 */
export function parseViewResource(uri: string, result: unknown, listed?: unknown): ViewResource {
	const contents = isPlainObject(result) && Array.isArray(result.contents) ? result.contents.filter(isPlainObject) : [];
	const item = contents.find((content) => content.uri === uri) ?? contents[0];
	if (!item) throw new AutoUiError('invalid_argument', `The server returned no content for ${uri}.`);
	if (!isViewType(item.mimeType)) {
		throw new AutoUiError(
			'invalid_argument',
			`${uri} is of type ${JSON.stringify(item.mimeType ?? 'unknown')}, not ${viewMimeType}; this app renders only MCP App HTML views.`
		);
	}
	let html: string;
	if (typeof item.text === 'string') html = item.text;
	else if (typeof item.blob === 'string') {
		try {
			html = decodeBase64(item.blob);
		} catch {
			throw new AutoUiError('invalid_argument', `${uri}: its blob is not valid base64.`);
		}
	} else throw new AutoUiError('invalid_argument', `${uri} has neither text nor blob content.`);
	if (html.length > maxViewBytes)
		throw new AutoUiError(
			'limit_exceeded',
			`${uri} is ${html.length} characters; views over ${maxViewBytes} are not loaded.`
		);
	const listedUi = isPlainObject(listed) && isPlainObject(listed.ui) ? listed.ui : {};
	const meta = { ...listedUi, ...(isPlainObject(item._meta) && isPlainObject(item._meta.ui) ? item._meta.ui : {}) };
	return {
		html,
		...(meta.csp !== undefined ? { csp: meta.csp } : {}),
		...(meta.permissions !== undefined ? { permissions: meta.permissions } : {}),
		...(typeof meta.prefersBorder === 'boolean' ? { prefersBorder: meta.prefersBorder } : {}),
		...(typeof meta.domain === 'string' ? { domain: meta.domain.slice(0, 253) } : {})
	};
}
