/** Reading URLs typed by a person or found in a file. */
import { AutoUiError } from './errors';

/** `text` as a URL; throws `invalid_argument` with `notAUrl` (what to enter instead) when it is none. */
export function parseUrl(text: string, notAUrl: string): URL {
	try {
		return new URL(text);
	} catch {
		throw new AutoUiError('invalid_argument', notAUrl);
	}
}

/** `text` as an http(s) URL; undefined when it is not a URL or has another scheme. */
export function httpUrl(text: string | URL): URL | undefined {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return undefined;
	}
	return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}
