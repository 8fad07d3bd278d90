/**
 * The second origin MCP App Views run on. A tiny HTTP server (Node's `http`, no build step,
 * started by `scripts/start.js` on PORT+1 and by the Playwright config) with two routes:
 *
 *   GET /proxy?host=<app origin>&csp=<JSON>&grants=<JSON>&permissions=<JSON>&own=1
 *       the sandbox proxy page, with the View's CSP (`buildViewCsp`: the declaration widened
 *       by the server's grants) as its header (the View's frame inherits it),
 *       `frame-ancestors` = the app origin, and the `allow` attribute for the declared
 *       permissions. Only the app's own origins may embed it. It answers under any host
 *       name: each server's Views come on a subdomain of their own (`v….localhost`).
 *   GET /proxy.js   the proxy script
 *
 * It serves nothing else and holds no secrets: its only job is to be a different origin.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { buildViewCsp, allowAttribute } from '../../mcp-apps/csp.js';

const proxyScript = readFileSync(new URL('./proxy.js', import.meta.url), 'utf8');

/**
 * Parses a JSON query parameter; absent or malformed means "nothing declared".
 * @param {string | null} text
 * @returns {unknown}
 */
function parseJson(text) {
	if (!text || text.length > 16_384) return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

/**
 * The proxy page for one View.
 * @param {string} allow
 */
function proxyPage(allow) {
	const attribute = allow.replace(/[^a-z;\s-]/g, '');
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>MCP App sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;border:0;width:100%;height:100%}</style>
</head>
<body data-allow="${attribute}"><script src="/proxy.js"></script></body>
</html>
`;
}

/**
 * Creates (does not start) the sandbox server.
 * @param {{ appOrigins: readonly string[] }} options The origins allowed to embed Views (the app's own).
 * @returns {import('node:http').Server}
 */
export function createSandboxServer(options) {
	const allowed = new Set(options.appOrigins.map((origin) => origin.replace(/\/+$/, '')));
	return createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
		const common = {
			'X-Content-Type-Options': 'nosniff',
			'Referrer-Policy': 'no-referrer',
			'Cache-Control': 'no-store'
		};
		if (request.method !== 'GET' && request.method !== 'HEAD') {
			response.writeHead(405, { ...common, Allow: 'GET, HEAD' }).end();
			return;
		}
		if (url.pathname === '/proxy.js') {
			response
				.writeHead(200, { ...common, 'Content-Type': 'text/javascript; charset=utf-8' })
				.end(request.method === 'HEAD' ? undefined : proxyScript);
			return;
		}
		if (url.pathname === '/proxy') {
			const host = url.searchParams.get('host') ?? '';
			if (!allowed.has(host)) {
				response
					.writeHead(403, { ...common, 'Content-Type': 'text/plain; charset=utf-8' })
					.end(`This sandbox serves MCP App views for ${[...allowed].join(', ') || 'no app'} only.`);
				return;
			}
			const csp = buildViewCsp(parseJson(url.searchParams.get('csp')), parseJson(url.searchParams.get('grants')));
			const allow = allowAttribute(parseJson(url.searchParams.get('permissions')));
			response
				.writeHead(200, {
					...common,
					'Content-Type': 'text/html; charset=utf-8',
					'Content-Security-Policy': `${csp.policy}; frame-ancestors ${host}`
				})
				.end(request.method === 'HEAD' ? undefined : proxyPage(allow));
			return;
		}
		response.writeHead(404, { ...common, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
	});
}

/**
 * The origins the app is reached at, which may embed Views: loopback names on `port`, plus
 * `ORIGIN` when set (adapter-node's public origin).
 * @param {{ port: string | number; origin?: string }} options
 * @returns {string[]}
 */
export function appOriginsFor(options) {
	const origins = [
		`http://127.0.0.1:${options.port}`,
		`http://localhost:${options.port}`,
		`http://[::1]:${options.port}`
	];
	if (options.origin) origins.push(new URL(options.origin).origin);
	return origins;
}
