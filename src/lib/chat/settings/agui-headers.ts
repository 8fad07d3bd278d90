/**
 * Extra request headers for an AG-UI agent, typed in the settings as `Name: value` lines.
 * They are kept in this browser's settings (never in URLs, share links or traces) together
 * with the origin of the agent they were typed for, and are sent to that origin only: a link
 * that presets another agent URL cannot make the app send them elsewhere.
 */

/** The headers as typed, and the agent origin they belong to. */
export interface AguiHeaders {
	origin: string;
	text: string;
}

/** Most headers and characters kept. */
const limits = { headers: 20, chars: 8000 };
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Headers the browser sets itself or that would change what the request is. */
const reserved = new Set(['host', 'content-length', 'content-type', 'accept', 'cookie', 'origin', 'connection']);

/** The headers of `text` and the lines left out, with why. */
export function parseHeaderLines(text: string): { headers: Record<string, string>; problems: string[] } {
	const headers: Record<string, string> = {};
	const problems: string[] = [];
	for (const line of text.slice(0, limits.chars).split(/\r?\n/)) {
		if (!line.trim()) continue;
		const colon = line.indexOf(':');
		const name = colon > 0 ? line.slice(0, colon).trim() : '';
		const value = colon > 0 ? line.slice(colon + 1).trim() : '';
		if (!token.test(name)) problems.push(`"${line.slice(0, 40)}" is not a Name: value line`);
		else if (reserved.has(name.toLowerCase())) problems.push(`${name} is set by the app`);
		else if (/[\r\n\0]/.test(value)) problems.push(`${name} has a line break in its value`);
		else if (Object.keys(headers).length >= limits.headers) problems.push(`more than ${limits.headers} headers`);
		else headers[name] = value;
	}
	return { headers, problems };
}

/** The origin of an agent URL, or '' when it is not one. */
export function agentOrigin(baseUrl: string): string {
	try {
		return new URL(baseUrl.trim()).origin;
	} catch {
		return '';
	}
}

/** The headers to send to `baseUrl`: those typed for its origin, else none. */
export function headersFor(saved: AguiHeaders | undefined, baseUrl: string): Record<string, string> | undefined {
	if (!saved?.text.trim() || !saved.origin || saved.origin !== agentOrigin(baseUrl)) return undefined;
	const { headers } = parseHeaderLines(saved.text);
	return Object.keys(headers).length ? headers : undefined;
}

/** Saved headers read back, when well-formed. */
export function readSavedHeaders(value: unknown): AguiHeaders | undefined {
	const saved = value as Partial<AguiHeaders> | null;
	if (!saved || typeof saved.origin !== 'string' || typeof saved.text !== 'string') return undefined;
	return { origin: saved.origin, text: saved.text.slice(0, limits.chars) };
}
