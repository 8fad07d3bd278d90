/**
 * The MCP registry, read as plain data: searching `GET <base>/v0.1/servers?search=` (the
 * registry's frozen API; `/v0/servers` only when a registry has no `/v0.1`; paged by `cursor`), turning its entries (the official `server.json` shape, wrapped or not) into the
 * few facts the add form needs, and `/.well-known/mcp/server.json` for a bare domain.
 * Framework-free; every call takes a `fetch` and a `signal`.
 */
import { AutoUiError } from '$lib/shared';
import type { TransportChoice } from '../connection/transport';

/** The official registry; the settings and `?registry=` change it. */
export const defaultRegistryBase = 'https://registry.modelcontextprotocol.io';

/** A header a remote needs: its name and what it is for, never a value. */
export interface RegistryHeader {
	name: string;
	description?: string;
	required: boolean;
	secret: boolean;
}

/** A remote endpoint of a registry entry. */
export interface RegistryRemote {
	transport: Exclude<TransportChoice, 'auto'>;
	url: string;
	headers: RegistryHeader[];
}

/** One server of the registry, as the browser shows it. */
export interface RegistryServer {
	/** The registry's name (reverse-DNS, e.g. `io.github.owner/server`). */
	name: string;
	title?: string;
	description: string;
	version: string;
	/** The remote to connect: streamable HTTP first, else SSE; absent for package-only entries. */
	remote?: RegistryRemote;
}

/** One page of search results. */
export interface RegistryPage {
	servers: RegistryServer[];
	/** Pass as `cursor` for the next page; absent on the last. */
	nextCursor?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() ? value : undefined;
}

function parseHeaders(value: unknown): RegistryHeader[] {
	if (!Array.isArray(value)) return [];
	return value.filter(isObject).flatMap((header) => {
		const name = text(header.name);
		if (!name) return [];
		return [
			{
				name,
				description: text(header.description),
				required: header.isRequired === true,
				secret: header.isSecret === true
			}
		];
	});
}

function remoteOf(value: unknown): RegistryRemote | undefined {
	if (!Array.isArray(value)) return undefined;
	const remotes = value.filter(isObject);
	const pick = (type: string) => remotes.find((remote) => remote.type === type && text(remote.url));
	const chosen = pick('streamable-http') ?? pick('sse');
	if (!chosen) return undefined;
	return {
		transport: chosen.type === 'sse' ? 'sse' : 'streamable-http',
		url: String(chosen.url),
		headers: parseHeaders(chosen.headers)
	};
}

/** A `server.json` document (or a registry entry `{ server, _meta }`) as a `RegistryServer`; undefined if it is not one. */
export function parseServerJson(value: unknown): RegistryServer | undefined {
	const server = isObject(value) && isObject(value.server) ? value.server : value;
	if (!isObject(server)) return undefined;
	const name = text(server.name);
	if (!name) return undefined;
	return {
		name,
		title: text(server.title),
		description: text(server.description) ?? '',
		version:
			text(server.version) ?? text(isObject(server.version_detail) ? server.version_detail.version : undefined) ?? '',
		remote: remoteOf(server.remotes)
	};
}

/** A `/v0.1/servers` (or `/v0/servers`) response as a page; throws `mcp_protocol` when it is not the registry's shape. */
export function parseRegistryPage(value: unknown): RegistryPage {
	if (!isObject(value) || !Array.isArray(value.servers)) {
		throw new AutoUiError('mcp_protocol', 'The registry answered without a "servers" list; is the registry URL right?');
	}
	const servers = value.servers.map(parseServerJson).filter((server): server is RegistryServer => server !== undefined);
	const metadata = isObject(value.metadata) ? value.metadata : {};
	const nextCursor = text(metadata.nextCursor) ?? text(metadata.next_cursor);
	return { servers, nextCursor };
}

/** Options of a registry request. */
export interface RegistryRequest {
	fetch?: typeof fetch;
	signal?: AbortSignal;
}

/** The API versions a registry is asked in, newest first: `/v0` only when `/v0.1` is not there. */
export const registryApiVersions = ['v0.1', 'v0'] as const;

/** Statuses that mean "no such API version here" (the older one is tried). */
const absentStatuses = new Set([404, 405, 410, 501]);

async function fetchJson(url: URL, options: RegistryRequest): Promise<Response> {
	const fetcher = options.fetch ?? globalThis.fetch;
	try {
		return await fetcher(url, { headers: { accept: 'application/json' }, signal: options.signal });
	} catch (cause) {
		if (options.signal?.aborted) throw cause;
		throw new AutoUiError(
			'mcp_unreachable',
			`Could not reach ${url.origin} (offline, or it does not allow this page's origin).`,
			{ cause }
		);
	}
}

async function getJson(url: URL, options: RegistryRequest): Promise<unknown> {
	const response = await fetchJson(url, options);
	if (!response.ok)
		throw new AutoUiError('mcp_unreachable', `${url.origin} answered ${response.status} for ${url.pathname}.`);
	return response.json();
}

/** Searches the registry at `base` (its root, without `/v0.1`); `cursor` asks for a later page. */
export async function searchRegistry(
	base: string,
	search: string,
	cursor?: string,
	options: RegistryRequest = {}
): Promise<RegistryPage> {
	const root = base.endsWith('/') ? base : `${base}/`;
	let last: Response | undefined;
	let lastUrl: URL | undefined;
	for (const version of registryApiVersions) {
		const url = new URL(`${version}/servers`, root);
		if (search.trim()) url.searchParams.set('search', search.trim());
		if (cursor) url.searchParams.set('cursor', cursor);
		const response = await fetchJson(url, options);
		if (response.ok) return parseRegistryPage(await response.json());
		last = response;
		lastUrl = url;
		if (!absentStatuses.has(response.status)) break;
	}
	throw new AutoUiError(
		'mcp_unreachable',
		`${lastUrl!.origin} answered ${last!.status} for ${lastUrl!.pathname}${last!.status === 404 ? ' (and has no /v0/servers either: is the registry URL right?)' : ''}.`
	);
}

/** True for a bare domain such as `example.com` (no scheme, no path), which `wellKnownServer` can look up. */
export function isBareDomain(input: string): boolean {
	return /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\/?$/i.test(input.trim());
}

/** Reads `https://<domain>/.well-known/mcp/server.json`; undefined when absent or without a remote. */
export async function wellKnownServer(
	domain: string,
	options: RegistryRequest = {}
): Promise<RegistryServer | undefined> {
	const host = domain.trim().replace(/\/$/, '');
	try {
		const server = parseServerJson(await getJson(new URL(`https://${host}/.well-known/mcp/server.json`), options));
		return server?.remote ? server : undefined;
	} catch (cause) {
		if (options.signal?.aborted) throw cause;
		return undefined;
	}
}

/** The header lines the add form starts with: each required header's name, with an empty value to fill in. */
export function headerTemplate(remote: RegistryRemote): string {
	return remote.headers
		.filter((header) => header.required)
		.map((header) => `${header.name}: `)
		.join('\n');
}
