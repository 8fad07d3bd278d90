/**
 * The Content-Security-Policy of an MCP App View, built from the `_meta.ui.csp` its resource
 * declares (spec 2026-01-26, "UI Resource Format" and "Sandbox proxy"). Plain JavaScript with
 * JSDoc types: the sandbox server (Node, no build step) sends it as the proxy page's header,
 * which the View's frame inherits, and the app shows the same text in the console.
 *
 * Rules: with nothing declared, the spec's restrictive default; declared origins only widen
 * their own directives (connect → `connect-src`, resources → scripts, styles, images, fonts
 * and media, frames → `frame-src`, base URIs → `base-uri`); `object-src 'none'` always.
 * Entries that are not plain origins (keywords, wildcards alone, schemes alone, anything
 * with spaces, quotes, `;` or `,`) are dropped and reported, so a declaration can never
 * loosen the policy beyond the origins it names.
 *
 * Grants: what the user allowed for one server after a View was refused it ("Allow for this
 * server"): one source added to one directive, either a plain origin, `'unsafe-eval'` /
 * `'wasm-unsafe-eval'` (script-src only), or `data:` / `blob:` (code and media loaded from
 * the View's own bytes: a worker or module from a `data:` URL, say). Anything else is ignored.
 */

/**
 * @typedef {object} ViewGrant
 * @property {string} directive e.g. `script-src`, `connect-src`.
 * @property {string} source e.g. `'unsafe-eval'`, `https://tiles.example.com`.
 */

/** Directives a grant may widen. */
export const grantableDirectives = /** @type {const} */ ([
	'script-src',
	'style-src',
	'img-src',
	'media-src',
	'font-src',
	'connect-src',
	'frame-src',
	'worker-src'
]);

/** Keywords a grant may add (to `script-src` only). */
const grantableKeywords = ["'unsafe-eval'", "'wasm-unsafe-eval'"];
/** Schemes a grant may add (local bytes, not the network). */
const grantableSchemes = ['data:', 'blob:'];

/**
 * The grant as it may be applied, or undefined when it would widen anything else.
 * @param {unknown} grant
 * @returns {ViewGrant | undefined}
 */
export function checkGrant(grant) {
	if (!grant || typeof grant !== 'object') return undefined;
	const { directive, source } = /** @type {Record<string, unknown>} */ (grant);
	if (typeof directive !== 'string' || typeof source !== 'string') return undefined;
	if (!(/** @type {readonly string[]} */ (grantableDirectives).includes(directive))) return undefined;
	if (grantableKeywords.includes(source)) return directive === 'script-src' ? { directive, source } : undefined;
	if (grantableSchemes.includes(source))
		return directive === 'connect-src' || directive === 'frame-src' ? undefined : { directive, source };
	const { kept } = cleanDomains([source]);
	return kept.length && !source.includes('*') ? { directive, source: kept[0] } : undefined;
}

/**
 * What a refused load or eval would need (from a `securitypolicyviolation`): the grant that
 * allows it, or undefined when nothing may (inline code, `data:`, a non-network scheme).
 * @param {string} directive the violation's effective directive
 * @param {string} blockedUri
 * @returns {ViewGrant | undefined}
 */
export function grantFor(directive, blockedUri) {
	const name = directive.replace(/-(elem|attr)$/, '');
	if (blockedUri === 'eval') return checkGrant({ directive: 'script-src', source: "'unsafe-eval'" });
	if (blockedUri === 'wasm-eval') return checkGrant({ directive: 'script-src', source: "'wasm-unsafe-eval'" });
	if (blockedUri === 'data' || blockedUri === 'blob') return checkGrant({ directive: name, source: `${blockedUri}:` });
	try {
		const url = new URL(blockedUri);
		return checkGrant({ directive: name, source: url.origin });
	} catch {
		return undefined;
	}
}

/**
 * @typedef {object} ViewCspDeclaration
 * @property {unknown} [connectDomains]
 * @property {unknown} [resourceDomains]
 * @property {unknown} [frameDomains]
 * @property {unknown} [baseUriDomains]
 */

/**
 * @typedef {object} ViewCsp
 * @property {string} policy The header value.
 * @property {string[]} rejected Declared entries that were dropped, with the field they came from.
 * @property {boolean} declared Whether the resource declared any CSP at all.
 */

/** A host source: scheme, host (optionally `*.` for subdomains), optional port and path. */
const originPattern =
	/^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[a-z0-9._~%!$&'()*+=:@/-]*)?$/i;

/** The spec's default when a resource declares no CSP. */
export const restrictiveDefault = [
	"default-src 'none'",
	"script-src 'self' 'unsafe-inline'",
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data:",
	"media-src 'self' data:",
	"connect-src 'none'",
	"frame-src 'none'",
	"object-src 'none'",
	"base-uri 'self'"
];

/**
 * The declared entries of one field that are safe origins, and the ones that are not.
 * @param {unknown} value
 * @returns {{ kept: string[]; dropped: string[] }}
 */
export function cleanDomains(value) {
	/** @type {string[]} */
	const kept = [];
	/** @type {string[]} */
	const dropped = [];
	if (!Array.isArray(value)) return { kept, dropped: value === undefined ? [] : [String(value)] };
	for (const entry of value.slice(0, 64)) {
		if (typeof entry === 'string' && entry.length <= 256 && originPattern.test(entry) && !entry.includes("'")) {
			if (!kept.includes(entry)) kept.push(entry);
		} else dropped.push(typeof entry === 'string' ? entry.slice(0, 80) : (JSON.stringify(entry) ?? String(entry)));
	}
	return { kept, dropped };
}

/**
 * The View's policy for a declaration (`undefined` or a non-object: the restrictive default),
 * widened by the server's grants.
 * @param {unknown} declaration
 * @param {unknown} [grants]
 * @returns {ViewCsp}
 */
export function buildViewCsp(declaration, grants) {
	const declared = !!declaration && typeof declaration === 'object' && !Array.isArray(declaration);
	const built = declared ? declaredCsp(declaration) : { policy: restrictiveDefault.join('; '), rejected: [] };
	return { policy: withGrants(built.policy, grants), rejected: built.rejected, declared };
}

/**
 * `policy` with each valid grant's source added to its directive (created when absent).
 * @param {string} policy
 * @param {unknown} grants
 * @returns {string}
 */
function withGrants(policy, grants) {
	if (!Array.isArray(grants)) return policy;
	const directives = policy.split('; ');
	for (const grant of grants.slice(0, 64).map(checkGrant)) {
		if (!grant) continue;
		const index = directives.findIndex((entry) => entry.split(' ')[0] === grant.directive);
		if (index < 0) {
			// A new worker-src keeps what it fell back to (script-src), plus the grant.
			const fallback =
				grant.directive === 'worker-src' ? directives.find((entry) => entry.startsWith('script-src ')) : undefined;
			const inherited = fallback
				? fallback
						.split(' ')
						.slice(1)
						.filter((part) => !part.startsWith("'unsafe"))
				: [];
			directives.splice(directives.length - 2, 0, [grant.directive, ...inherited, grant.source].join(' '));
			continue;
		}
		const parts = directives[index].split(' ').filter((part) => part !== "'none'");
		if (!parts.includes(grant.source)) parts.push(grant.source);
		directives[index] = parts.join(' ');
	}
	return directives.join('; ');
}

/**
 * @param {object} declaration
 * @returns {{ policy: string; rejected: string[] }}
 */
function declaredCsp(declaration) {
	const csp = /** @type {ViewCspDeclaration} */ (declaration);
	/** @type {string[]} */
	const rejected = [];
	/** @param {'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains'} field */
	const field = (field) => {
		const { kept, dropped } = cleanDomains(csp[field]);
		for (const entry of dropped) rejected.push(`${field}: ${entry}`);
		return kept;
	};
	const connect = field('connectDomains');
	const resources = field('resourceDomains');
	const frames = field('frameDomains');
	const baseUris = field('baseUriDomains');
	/** @param {string} name @param {string[]} fixed @param {string[]} extra */
	const directive = (name, fixed, extra) => [name, ...fixed, ...extra].join(' ');
	const policy = [
		"default-src 'none'",
		directive('script-src', ["'self'", "'unsafe-inline'"], resources),
		directive('style-src', ["'self'", "'unsafe-inline'"], resources),
		directive('img-src', ["'self'", 'data:'], resources),
		directive('media-src', ["'self'", 'data:'], resources),
		...(resources.length ? [directive('font-src', ["'self'", 'data:'], resources)] : []),
		connect.length ? directive('connect-src', [], connect) : "connect-src 'none'",
		frames.length ? directive('frame-src', [], frames) : "frame-src 'none'",
		"object-src 'none'",
		baseUris.length ? directive('base-uri', [], baseUris) : "base-uri 'self'"
	];
	return { policy: policy.join('; '), rejected };
}

/** Permission Policy features a resource may ask for, by their `_meta.ui.permissions` key. */
const permissionFeatures = /** @type {const} */ ([
	['camera', 'camera'],
	['microphone', 'microphone'],
	['geolocation', 'geolocation'],
	['clipboardWrite', 'clipboard-write']
]);

/**
 * The inner frame's `allow` attribute for the permissions a resource asks for (only the four
 * the spec names; anything else is ignored).
 * @param {unknown} permissions
 * @returns {string}
 */
export function allowAttribute(permissions) {
	if (!permissions || typeof permissions !== 'object') return '';
	const asked = /** @type {Record<string, unknown>} */ (permissions);
	return permissionFeatures
		.filter(([key]) => asked[key] !== undefined && asked[key] !== null && asked[key] !== false)
		.map(([, feature]) => feature)
		.join('; ');
}
