/**
 * Tool names sent to providers: `{server}_{protocol}_{tool}`. Every name matches
 * `^[a-zA-Z0-9_-]{1,64}$` (the strictest provider rule). Names are shortened
 * deterministically (a stable hash suffix), never randomly, so the same layers always give
 * the same names — prompt caching and saved conversations depend on it.
 */
import { stableHash } from '$lib/shared';

/** The pattern every tool name sent to a provider satisfies. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Longest tool name any supported provider accepts. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Longest server part of a prefix; longer server names are shortened with a hash. */
const MAX_SERVER_PART = 24;

/** Length of the hash suffixes used when shortening (stableHash is at most 7 base-36 chars). */
const HASH_LENGTH = 7;

/** A fixed-width stable hash, so shortened names have a predictable length. */
export function hashSuffix(text: string): string {
	return stableHash(text).padStart(HASH_LENGTH, '0');
}

/**
 * Sanitises a server's display name into the prefix part of tool names: lower case,
 * every run of characters outside [a-z0-9] becomes one `_`, no leading or trailing `_`.
 * An empty result becomes `server`. Collisions between layers are resolved by the registry.
 */
export function sanitizeServerName(name: string): string {
	const cleaned = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '');
	return cleaned || 'server';
}

/**
 * Sanitises a tool's own name for use after the prefix: characters outside
 * [a-zA-Z0-9_-] become `_` (case is kept, servers often use camelCase).
 */
export function sanitizeToolName(name: string): string {
	const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_');
	return cleaned || 'tool';
}

/** Shortens `text` to `max` characters by keeping its start and appending `_<hash of text>`. */
export function shortenWithHash(text: string, max: number, hashSource = text): string {
	if (text.length <= max) return text;
	const keep = Math.max(0, max - HASH_LENGTH - 1);
	const head = text.slice(0, keep).replace(/_+$/, '');
	return `${head}_${hashSuffix(hashSource)}`.slice(-max);
}

/** The server part of a prefix, shortened when the sanitised name is long. */
export function serverPart(sanitized: string): string {
	return shortenWithHash(sanitized, MAX_SERVER_PART);
}

/**
 * Joins a prefix (`{server}_{protocol}_`) and a tool name into a provider-safe name,
 * shortening the tool part with a hash of the original tool name when the whole would
 * pass 64 characters.
 */
export function joinToolName(prefix: string, toolName: string): string {
	const tool = sanitizeToolName(toolName);
	const room = MAX_TOOL_NAME_LENGTH - prefix.length;
	return prefix + shortenWithHash(tool, Math.max(room, HASH_LENGTH + 1), toolName);
}
