/**
 * Whether a browser request comes from a page of another site. Compares the `Origin`
 * header's host (name and port) with the host the request was sent to, not whole origins:
 * behind adapter-node without `ORIGIN` the request URL's scheme is a guess (https), while
 * the host header is what the browser actually used. Requests without `Origin` (servers,
 * curl, same-origin GETs) are not cross-origin.
 */
export function isCrossOrigin(request: Request): boolean {
	const origin = request.headers.get('origin');
	if (!origin) return false;
	try {
		return new URL(origin).host !== (request.headers.get('host') ?? new URL(request.url).host);
	} catch {
		return true;
	}
}
