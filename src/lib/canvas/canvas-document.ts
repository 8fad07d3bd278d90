/**
 * The canvas as a portable document: what export writes, import reads, share links carry
 * and IndexedDB keeps. Reading re-validates every widget (a file may be old, edited or
 * hostile): invalid widgets are reported and skipped, valid ones kept.
 */
import { AutoUiError, isPlainObject, type ParamValue, type ParamValues, httpUrl } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { readRecords } from './records';
import type { WidgetRecord } from './types';

/** The format marker and version of canvas documents. */
export const canvasFormat = 'autoui-canvas';
export const canvasVersion = 1;

/** A serialised canvas. */
export interface CanvasDocument {
	format: typeof canvasFormat;
	version: typeof canvasVersion;
	savedAt: string;
	widgets: WidgetRecord[];
	/** MCP server URLs the canvas' data came from (never keys, tokens or headers). */
	servers?: string[];
	/** The canvas parameters that are set (see `params/`); absent when none is. */
	parameters?: Record<string, ParamValue>;
}

/** A document read back: the valid widgets, what was wrong, and the server URLs. */
export interface CanvasReading {
	records: WidgetRecord[];
	problems: string[];
	servers: string[];
	/** The parameters as written (checked when applied, see `CanvasParams.replace`). */
	parameters?: Record<string, unknown>;
}

const secretParameter = /key|token|secret|auth|password|passwd|pwd|sig|session|credential|bearer|cookie/i;

/**
 * A server URL safe to share: http(s) only, without user name, password, fragment or any
 * query parameter whose name suggests a secret. Undefined when it is not such a URL.
 */
export function shareableServerUrl(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const url = httpUrl(value);
	if (!url) return undefined;
	url.username = '';
	url.password = '';
	url.hash = '';
	for (const name of [...url.searchParams.keys()]) if (secretParameter.test(name)) url.searchParams.delete(name);
	return url.href;
}

/** Builds the document for `records` (plus the server URLs, cleaned of secrets, and the set parameters). */
export function createCanvasDocument(
	records: readonly WidgetRecord[],
	servers: readonly string[] = [],
	parameters: ParamValues = {}
): CanvasDocument {
	const cleanServers = [...new Set(servers.map(shareableServerUrl).filter((url): url is string => url !== undefined))];
	return {
		format: canvasFormat,
		version: canvasVersion,
		savedAt: new Date().toISOString(),
		widgets: records.map((record) => structuredClone(record)),
		...(cleanServers.length ? { servers: cleanServers } : {}),
		...(Object.keys(parameters).length ? { parameters: structuredClone({ ...parameters }) } : {})
	};
}

/**
 * Reads a document. Throws `storage_corrupt` when `input` is not a canvas document of a
 * version we read; otherwise returns the valid widgets and a problem per rejected one.
 */
export function readCanvasDocument(input: unknown, validator: WidgetValidator): CanvasReading {
	if (!isPlainObject(input) || input.format !== canvasFormat) {
		throw new AutoUiError('storage_corrupt', 'This is not an AutoUI canvas file (expected "format": "autoui-canvas").');
	}
	if (input.version !== canvasVersion) {
		throw new AutoUiError(
			'storage_corrupt',
			`Canvas version ${safeVersion(input.version)} is not supported (this app reads version ${canvasVersion}).`
		);
	}
	const { records, problems } = readRecords(input.widgets, validator);
	const servers = Array.isArray(input.servers)
		? input.servers.map(shareableServerUrl).filter((url): url is string => url !== undefined)
		: [];
	return { records, problems, servers, ...(isPlainObject(input.parameters) ? { parameters: input.parameters } : {}) };
}

function safeVersion(value: unknown): string {
	return typeof value === 'number' || typeof value === 'string' ? String(value).slice(0, 20) : 'unknown';
}

/** Parses JSON text into a document reading (invalid JSON is a `storage_corrupt` error). */
export function parseCanvasDocument(text: string, validator: WidgetValidator): CanvasReading {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw new AutoUiError('storage_corrupt', `The canvas file is not valid JSON: ${(error as Error).message}`, {
			cause: error
		});
	}
	return readCanvasDocument(parsed, validator);
}
