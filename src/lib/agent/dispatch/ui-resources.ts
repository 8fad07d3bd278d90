/**
 * The seam where an MCP result's A2UI surfaces become the app's: the `application/a2ui+json`
 * (or `a2ui://`) resources embedded in the structured result, read from the result itself
 * (never from the text the model gets, which may be cut), each its whole list of messages.
 */
import { isPlainObject, type ToolCallResult } from '$lib/shared';
import type { ResultSurface } from '../events';

/** Limits: surfaces per result, characters of one resource. */
export const resultSurfaceLimits = { surfaces: 20, chars: 2_000_000 };

function messagesOf(value: unknown): Array<Record<string, unknown>> {
	const holder = isPlainObject(value) ? value : {};
	const list = Array.isArray(value)
		? value
		: [holder.messages, holder.a2ui_operations, holder.operations].find(Array.isArray);
	return (list ?? []).filter(isPlainObject);
}

function decode(resource: Record<string, unknown>): string | undefined {
	if (typeof resource.text === 'string') return resource.text;
	if (typeof resource.blob !== 'string' || resource.blob.length > resultSurfaceLimits.chars) return undefined;
	try {
		const bytes = Uint8Array.from(atob(resource.blob), (char) => char.charCodeAt(0));
		return new TextDecoder().decode(bytes);
	} catch {
		return undefined;
	}
}

/** The A2UI surfaces a tool result embeds; a malformed or oversized resource is left out. */
export function resultSurfaces(result: ToolCallResult): ResultSurface[] {
	const surfaces: ResultSurface[] = [];
	for (const part of Array.isArray(result.content) ? result.content : []) {
		if (surfaces.length >= resultSurfaceLimits.surfaces) break;
		const resource = isPlainObject(part) && part.type === 'resource' ? part.resource : undefined;
		if (!isPlainObject(resource) || typeof resource.uri !== 'string') continue;
		const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType.replace(/\s+/g, '').toLowerCase() : '';
		if (!resource.uri.startsWith('a2ui://') && !mimeType.startsWith('application/a2ui+json')) continue;
		const text = decode(resource);
		if (!text || text.length > resultSurfaceLimits.chars) continue;
		try {
			const messages = messagesOf(JSON.parse(text));
			if (messages.length) surfaces.push({ uri: resource.uri.slice(0, 2000), messages });
		} catch {
			// Not JSON: not a surface.
		}
	}
	return surfaces;
}
