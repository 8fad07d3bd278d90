/**
 * The relay's server-side configuration: which upstream servers exist. It is read only from
 * the file named by AUTOUI_RELAY_CONFIG, so commands and upstream credentials never come
 * from the browser. Without that variable the relay is off.
 */
import { readFileSync, statSync } from 'node:fs';
import { AutoUiError, errorMessage, isPlainObject } from '$lib/shared';

/** Forward Streamable HTTP to an upstream URL, adding the configured headers. */
export interface HttpUpstream {
	kind: 'http';
	name: string;
	url: string;
	headers: Record<string, string>;
}

/** Launch a stdio MCP server (one process per session). */
export interface StdioUpstream {
	kind: 'stdio';
	name: string;
	command: string;
	args: string[];
	env: Record<string, string>;
	cwd?: string;
}

/** Forward plain HTTP (a REST API for HTTP tools) to a base URL, adding the configured headers. */
export interface ApiUpstream {
	kind: 'api';
	name: string;
	url: string;
	headers: Record<string, string>;
}

/** One configured upstream. */
export type Upstream = HttpUpstream | StdioUpstream | ApiUpstream;

const namePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function strings(value: unknown, what: string): Record<string, string> {
	if (value === undefined) return {};
	if (!isPlainObject(value) || !Object.values(value).every((v) => typeof v === 'string')) {
		throw new AutoUiError('invalid_argument', `${what} must be an object of strings.`);
	}
	return value as Record<string, string>;
}

/** Parses the config file's JSON: `{ "servers": { "<name>": { "url" | "command", … } } }`. */
export function parseRelayConfig(text: string, source = 'relay config'): Map<string, Upstream> {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		throw new AutoUiError('invalid_argument', `${source} is not valid JSON: ${errorMessage(error)}`);
	}
	if (isPlainObject(value) && value.servers === undefined && isPlainObject(value.apis))
		value = { ...value, servers: {} };
	if (!isPlainObject(value) || !isPlainObject(value.servers)) {
		throw new AutoUiError(
			'invalid_argument',
			`${source} needs a "servers" object: { "servers": { "name": { "url": "…" } } }.`
		);
	}
	const upstreams = new Map<string, Upstream>();
	for (const [name, entry] of Object.entries(value.servers)) {
		const where = `${source}: server "${name}"`;
		if (!namePattern.test(name))
			throw new AutoUiError('invalid_argument', `${where}: names use a-z, 0-9, _ and - only.`);
		if (!isPlainObject(entry)) throw new AutoUiError('invalid_argument', `${where} must be an object.`);
		if (typeof entry.url === 'string') {
			const url = new URL(entry.url);
			if (url.protocol !== 'http:' && url.protocol !== 'https:')
				throw new AutoUiError('invalid_argument', `${where}: url must be http(s).`);
			upstreams.set(name, { kind: 'http', name, url: url.href, headers: strings(entry.headers, `${where}: headers`) });
		} else if (typeof entry.command === 'string') {
			const args = entry.args ?? [];
			if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
				throw new AutoUiError('invalid_argument', `${where}: args must be an array of strings.`);
			upstreams.set(name, {
				kind: 'stdio',
				name,
				command: entry.command,
				args,
				env: strings(entry.env, `${where}: env`),
				...(typeof entry.cwd === 'string' ? { cwd: entry.cwd } : {})
			});
		} else {
			throw new AutoUiError(
				'invalid_argument',
				`${where} needs either "url" (HTTP upstream) or "command" (stdio server).`
			);
		}
	}
	if (value.apis !== undefined) {
		if (!isPlainObject(value.apis))
			throw new AutoUiError(
				'invalid_argument',
				`${source}: "apis" must be an object: { "apis": { "name": { "url": "https://api.example.com" } } }.`
			);
		for (const [name, entry] of Object.entries(value.apis)) {
			const where = `${source}: api "${name}"`;
			if (!namePattern.test(name))
				throw new AutoUiError('invalid_argument', `${where}: names use a-z, 0-9, _ and - only.`);
			if (upstreams.has(name))
				throw new AutoUiError('invalid_argument', `${where}: the name is already used by a server.`);
			if (!isPlainObject(entry) || typeof entry.url !== 'string')
				throw new AutoUiError('invalid_argument', `${where} needs "url" (the API's base URL).`);
			const url = new URL(entry.url);
			if (url.protocol !== 'http:' && url.protocol !== 'https:')
				throw new AutoUiError('invalid_argument', `${where}: url must be http(s).`);
			upstreams.set(name, {
				kind: 'api',
				name,
				url: url.href.replace(/\/$/, ''),
				headers: strings(entry.headers, `${where}: headers`)
			});
		}
	}
	return upstreams;
}

/** Reads the config file named by `path`, re-reading it when it changes on disk. */
export function relayConfigLoader(path: string | undefined): () => Map<string, Upstream> | undefined {
	let cached: { mtimeMs: number; upstreams: Map<string, Upstream> } | undefined;
	return () => {
		if (!path) return undefined;
		const { mtimeMs } = statSync(path);
		if (!cached || cached.mtimeMs !== mtimeMs)
			cached = { mtimeMs, upstreams: parseRelayConfig(readFileSync(path, 'utf8'), path) };
		return cached.upstreams;
	};
}
