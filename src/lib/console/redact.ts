/**
 * Redaction for anything that leaves the app (trace files) or is shown as a request: deep,
 * by key name (authorization, api keys, passwords, tokens …) and by value pattern inside
 * any string (sk-… keys, Bearer/Basic credentials, JWTs, cloud and GitHub tokens, secrets
 * in URL query strings and userinfo, JSON-looking "apiKey": "…" pairs in tool results).
 * Exact secret values the app knows (the configured key) can be passed in too.
 */

/** What a redacted value is replaced with. */
export const redacted = '[redacted]';

/** A key that is secret on its own, as a whole name. */
const wholeKeys = new Set([
	'token',
	'auth',
	'bearer',
	'cookie',
	'session',
	'pwd',
	'sig',
	'signature',
	'credential',
	'credentials'
]);
/** A word that makes any key secret (`userPassword`, `client_secret`, `Authorization`). */
const secretWords = new Set([
	'password',
	'passwd',
	'secret',
	'secrets',
	'authorization',
	'apikey',
	'cookie',
	'credential',
	'credentials',
	'bearer'
]);
/** Word pairs that make a key secret (`api_key`, `x-api-key`, `accessToken`, `privateKey`). */
const secretPairs = new Set([
	'api key',
	'private key',
	'access key',
	'access token',
	'refresh token',
	'id token',
	'auth token',
	'session token',
	'api token',
	'bearer token'
]);

/** True when a property with this name holds a secret (names split on case and separators). */
export function isSecretKey(key: string): boolean {
	const words = key
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
	if (words.length === 1 && wholeKeys.has(words[0])) return true;
	for (let i = 0; i < words.length; i++) {
		if (secretWords.has(words[i])) return true;
		if (i > 0 && secretPairs.has(`${words[i - 1]} ${words[i]}`)) return true;
	}
	return false;
}

const patterns: Array<[RegExp, string]> = [
	[
		/\b(authorization|proxy-authorization|x-api-key|api-key|x-goog-api-key)(["']?\s*[:=]\s*["']?)(?:(?:Bearer|Basic|Token)\s+)?[^\s,;"'}]+/gi,
		`$1$2${redacted}`
	],
	[/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${redacted}`],
	[/\bsk-(?:ant-|proj-|svcacct-|or-)?[A-Za-z0-9_-]{16,}/g, `sk-${redacted}`],
	[/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, redacted],
	[/\bAKIA[0-9A-Z]{16}\b/g, redacted],
	[/\bAIza[0-9A-Za-z_-]{35}/g, redacted],
	[/\bxox[abprs]-[A-Za-z0-9-]{10,}/g, redacted],
	[/\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, redacted],
	[
		/([?&](?:api[_-]?key|key|access_token|token|auth|secret|client_secret|password|sig|signature)=)[^&#\s"'<>]+/gi,
		`$1${redacted}`
	],
	[/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@"']+:[^/\s@"']+@/gi, `$1${redacted}@`],
	[
		/("(?:api[-_]?key|apikey|x-api-key|authorization|password|secret|client_secret|access_token|refresh_token|token)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
		`$1"${redacted}"`
	]
];

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Prepares the exact secrets to scrub (ignoring blanks and values too short to be keys). */
function secretPattern(secrets: readonly string[] | undefined): RegExp | null {
	const usable = (secrets ?? []).filter((secret) => typeof secret === 'string' && secret.trim().length >= 6);
	return usable.length ? new RegExp(usable.map(escapeRegExp).join('|'), 'g') : null;
}

function redactString(text: string, exact: RegExp | null): string {
	let out = exact ? text.replace(exact, redacted) : text;
	for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement);
	return out;
}

/** Redacts secret-looking values inside a string. */
export function redactText(text: string, secrets?: readonly string[]): string {
	return redactString(text, secretPattern(secrets));
}

/**
 * A deep copy of plain JSON `value` with secrets replaced: values of secret-named keys
 * (strings, numbers, whole objects) become "[redacted]", and every other string is
 * scanned for secret patterns. Cycles become "[Circular]".
 */
export function redactDeep<T>(value: T, secrets?: readonly string[]): T {
	const exact = secretPattern(secrets);
	const seen = new WeakSet<object>();
	const walk = (item: unknown): unknown => {
		if (typeof item === 'string') return redactString(item, exact);
		if (item === null || typeof item !== 'object') return item;
		if (seen.has(item)) return '[Circular]';
		seen.add(item);
		let out: unknown;
		if (Array.isArray(item)) out = item.map(walk);
		else {
			const copy: Record<string, unknown> = {};
			for (const [key, child] of Object.entries(item)) {
				copy[key] =
					isSecretKey(key) && child !== null && typeof child !== 'boolean' && child !== '' ? redacted : walk(child);
			}
			out = copy;
		}
		seen.delete(item);
		return out;
	};
	return walk(value) as T;
}
