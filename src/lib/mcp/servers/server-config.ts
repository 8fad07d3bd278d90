/**
 * Server entries as the user configures them: validation of what is typed in the panel,
 * persistence on this device, and export without secrets (headers and tokens never leave).
 */
import { AutoUiError, isPlainObject, randomId, tryParseJson, parseUrl, toolPrefix } from '$lib/shared';
import type { KeyValueStore } from '../oauth/oauth';
import type { TransportChoice } from '../connection/transport';
import {
	isProtocolChoice,
	parseProtocolChoice,
	protocolChoices,
	type ProtocolChoice
} from '../connection/protocol-revision';

/** One configured server. `headers` stay on this device; exports omit them. */
export interface McpServerConfig {
	id: string;
	name: string;
	url: string;
	transport: TransportChoice;
	/** Which protocol revision to speak; configs saved before the choice existed load as `auto`. */
	protocol: ProtocolChoice;
	headers: Record<string, string>;
	enabled: boolean;
	/** `oauth` signs in through the server's authorization server. */
	auth: 'none' | 'oauth';
	/** The app's embedded datasets server: cannot be removed, only disabled. */
	builtin?: boolean;
	/**
	 * The user gave no name: `name` came from the URL and is replaced, once, by one from the
	 * server's own `serverInfo` when it first connects (then saved, so it stays stable).
	 */
	autoName?: boolean;
}

/** What the add form (or the `mcp` URL parameter) supplies. */
export interface ServerInput {
	url: string;
	name?: string;
	transport?: TransportChoice;
	protocol?: ProtocolChoice;
	headers?: Record<string, string>;
	auth?: 'none' | 'oauth';
	enabled?: boolean;
}

/** A server entry as exported (sharing a setup): never headers, never tokens. */
export interface ExportedServer {
	name: string;
	url: string;
	transport: TransportChoice;
	protocol: ProtocolChoice;
	enabled: boolean;
	auth: 'none' | 'oauth';
}

/** localStorage key of the saved list. */
export const storageKey = 'autoui.mcp.servers.v1';
const transports: TransportChoice[] = ['auto', 'streamable-http', 'sse'];
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Lower-case, non-alphanumerics to `_`: the form the agent uses in tool prefixes. */
export function sanitizeName(name: string): string {
	return toolPrefix(name) || 'server';
}

/** A name for a URL: its host's first label (`mcp.example.com` → `example`), or the path's last segment on loopback. */
export function nameFromUrl(url: URL): string {
	const labels = url.hostname.split('.').filter((label) => label && !/^(www|mcp|api)$/.test(label));
	if (/^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)) {
		const segment = url.pathname
			.split('/')
			.filter((part) => part && !/^(mcp|sse)$/.test(part))
			.pop();
		return sanitizeName(segment ?? `local_${url.port || '80'}`);
	}
	return sanitizeName(labels.length > 1 ? labels[labels.length - 2] : (labels[0] ?? url.hostname));
}

const genericWords = new Set(['mcp', 'server', 'servers', 'modelcontextprotocol', 'example', 'reference']);

/**
 * A short tool-prefix name from a server's `serverInfo.name`: the last path segment
 * (`mcp-servers/everything` → `everything`), without generic words (mcp, server…) when
 * something else remains, sanitised. Undefined when nothing usable is left.
 */
export function nameFromServerInfo(info: { name?: string } | undefined): string | undefined {
	const raw = info?.name?.trim();
	if (!raw) return undefined;
	const segment = raw.split('/').filter(Boolean).pop() ?? raw;
	const words = segment
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
	const meaningful = words.filter((word) => !genericWords.has(word));
	const chosen = (meaningful.length ? meaningful : words).join('_');
	return chosen ? sanitizeName(chosen) : undefined;
}

/** `name` made unique (after sanitising) among `taken` by appending _2, _3, … */
export function uniqueName(name: string, taken: Iterable<string>): string {
	const used = new Set([...taken].map(sanitizeName));
	const base = sanitizeName(name);
	if (!used.has(base)) return base;
	for (let i = 2; ; i++) if (!used.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** Parses and checks a server URL; throws an actionable `invalid_argument` error. */
export function parseServerUrl(text: string): URL {
	const url = parseUrl(text.trim(), `"${text}" is not a URL; enter a full URL such as https://example.com/mcp.`);
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new AutoUiError(
			'invalid_argument',
			`MCP servers are reached over http(s); "${url.protocol}" URLs are not supported.`
		);
	}
	if (url.username || url.password) {
		throw new AutoUiError(
			'invalid_argument',
			'Do not put credentials in the URL; add an Authorization header instead.'
		);
	}
	url.hash = '';
	return url;
}

/** Checks header names and values (no newlines, valid token names). */
export function checkHeaders(headers: Record<string, string>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		const trimmed = name.trim();
		if (!headerName.test(trimmed))
			throw new AutoUiError('invalid_argument', `"${name}" is not a valid HTTP header name.`);
		if (/[\r\n]/.test(value))
			throw new AutoUiError('invalid_argument', `The value of header "${trimmed}" must be on one line.`);
		out[trimmed] = value.trim();
	}
	return out;
}

/** Parses "Name: value" lines (blank lines ignored) into headers. */
export function parseHeaderLines(text: string): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const line of text.split(/\r?\n/)) {
		if (!line.trim()) continue;
		const colon = line.indexOf(':');
		if (colon <= 0)
			throw new AutoUiError('invalid_argument', `Header line "${line.trim()}" needs the form "Name: value".`);
		headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
	}
	return checkHeaders(headers);
}

/** Builds a validated entry from user input; `taken` are the names already in use. */
export function createServerConfig(input: ServerInput, taken: Iterable<string>): McpServerConfig {
	const url = parseServerUrl(input.url);
	const transport = input.transport ?? 'auto';
	if (!transports.includes(transport))
		throw new AutoUiError('invalid_argument', `transport must be one of ${transports.join(', ')}.`);
	const protocol = input.protocol ?? 'auto';
	if (!isProtocolChoice(protocol))
		throw new AutoUiError('invalid_argument', `protocol must be one of ${protocolChoices.join(', ')}.`);
	const given = input.name?.trim();
	return {
		id: randomId('srv_', 8),
		name: uniqueName(given || nameFromUrl(url), taken),
		url: url.href,
		transport,
		protocol,
		headers: checkHeaders(input.headers ?? {}),
		enabled: input.enabled ?? true,
		auth: input.auth ?? 'none',
		...(given ? {} : { autoName: true })
	};
}

/**
 * The embedded datasets server on this app's own origin, enabled by default. It speaks
 * 2025-11-25, so it is connected with `legacy` (no 2026-07-28 probe it would refuse).
 */
export function datasetsServer(origin: string): McpServerConfig {
	return {
		id: 'builtin_datasets',
		name: 'datasets',
		url: `${origin}/mcp/datasets`,
		transport: 'streamable-http',
		protocol: 'legacy',
		headers: {},
		enabled: true,
		auth: 'none',
		builtin: true
	};
}

function asConfig(value: unknown): McpServerConfig | undefined {
	if (!isPlainObject(value)) return undefined;
	const { id, name, url, transport, protocol, headers, enabled, auth, builtin, autoName } = value;
	if (typeof id !== 'string' || typeof name !== 'string' || typeof url !== 'string') return undefined;
	try {
		parseServerUrl(url);
	} catch {
		return undefined;
	}
	return {
		id,
		name,
		url,
		transport: transports.includes(transport as TransportChoice) ? (transport as TransportChoice) : 'auto',
		protocol: builtin === true && protocol === undefined ? 'legacy' : parseProtocolChoice(protocol),
		headers: isPlainObject(headers)
			? (Object.fromEntries(Object.entries(headers).filter(([, v]) => typeof v === 'string')) as Record<string, string>)
			: {},
		enabled: enabled !== false,
		auth: auth === 'oauth' ? 'oauth' : 'none',
		...(builtin === true ? { builtin: true } : {}),
		...(autoName === true ? { autoName: true } : {})
	};
}

/** Reads the saved list; unreadable entries are skipped, never thrown. */
export function loadServers(storage: KeyValueStore | undefined): McpServerConfig[] {
	let text: string | null = null;
	try {
		text = storage?.getItem(storageKey) ?? null;
	} catch {
		return [];
	}
	const value = tryParseJson(text ?? '');
	const list = isPlainObject(value) && Array.isArray(value.servers) ? value.servers : [];
	return list.map(asConfig).filter((config): config is McpServerConfig => config !== undefined);
}

/** Saves the list on this device. Returns false when storage refused (quota, disabled). */
export function saveServers(storage: KeyValueStore | undefined, servers: McpServerConfig[]): boolean {
	try {
		storage?.setItem(storageKey, JSON.stringify({ version: 1, servers }));
		return true;
	} catch {
		return false;
	}
}

/** The list without secrets, for exports and share links. */
export function exportServers(servers: McpServerConfig[]): ExportedServer[] {
	return servers.map(({ name, url, transport, protocol, enabled, auth }) => ({
		name,
		url,
		transport,
		protocol,
		enabled,
		auth
	}));
}
