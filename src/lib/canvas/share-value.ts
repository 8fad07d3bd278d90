/**
 * Whether a URL carries a shared canvas, and the URL without it: the light part of share
 * links, read when the page starts (the encoding and decoding are in `share-link.ts`).
 */

/** The URL parameter of a shared canvas. */
export const shareParameter = 'hs';

/** Reads the `hs` value of a URL: from the fragment, else from the query (older links). */
export function shareValueOf(url: URL): string | null {
	const fromHash = url.hash.length > 1 ? new URLSearchParams(url.hash.slice(1)).get(shareParameter) : null;
	return fromHash ?? url.searchParams.get(shareParameter);
}

/** True when `url` carries a shared canvas (`#hs=` or an older `?hs=`). */
export function hasShareValue(url: string | URL): boolean {
	return shareValueOf(new URL(url)) !== null;
}

/** `url` without its shared canvas (fragment and query), other parameters kept. */
export function withoutShareValue(url: string | URL): string {
	const clean = new URL(url);
	clean.searchParams.delete(shareParameter);
	if (clean.hash.length > 1) {
		const fragment = new URLSearchParams(clean.hash.slice(1));
		if (fragment.has(shareParameter)) {
			fragment.delete(shareParameter);
			clean.hash = fragment.toString();
		}
	}
	return clean.href.replace(/#$/, '');
}
