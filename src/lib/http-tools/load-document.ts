/**
 * Reading a tool document the user pasted, picked as a file or named by URL: JSON or YAML
 * (YAML and the OpenAPI importer load on demand), then either an OpenAPI / Swagger document
 * (imported) or an HTTP tool descriptor document (parsed). Errors name what to fix.
 */
import { AutoUiError, errorMessage, isPlainObject, parseUrl } from '$lib/shared';
import { parseToolSet, type HttpToolSet } from './descriptor';
import { checkExpansion } from './document-budget';

/** Largest document accepted, in characters. */
export const MAX_DOCUMENT_CHARS = 10_000_000;
/** Largest document read, in bytes (files and responses stop there, never read whole first). */
export const MAX_DOCUMENT_BYTES = 10_000_000;
/** How long reading one document may take off the main thread before it is stopped. */
export const DOCUMENT_TIMEOUT_MS = 15_000;

const tooLarge = (bytes: number | string) =>
	new AutoUiError(
		'invalid_descriptor',
		`The document is ${typeof bytes === 'number' ? `${bytes.toLocaleString('en-US')} bytes` : bytes}; at most ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} bytes are read.`
	);

/** The text of a picked file, refused by its size before a byte is read. */
export async function readDocumentFile(file: Blob): Promise<string> {
	if (file.size > MAX_DOCUMENT_BYTES) throw tooLarge(file.size);
	return file.text();
}

/** Reads a response body up to MAX_DOCUMENT_BYTES, stopping (and cancelling) past it. */
export async function readLimited(response: Response, limit = MAX_DOCUMENT_BYTES): Promise<string> {
	const declared = Number(response.headers.get('content-length'));
	if (Number.isFinite(declared) && declared > limit) {
		await response.body?.cancel().catch(() => undefined);
		throw tooLarge(declared);
	}
	if (!response.body) return response.text();
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let read = 0;
	let text = '';
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		read += value.byteLength;
		if (read > limit) {
			await reader.cancel().catch(() => undefined);
			throw tooLarge('larger than that');
		}
		text += decoder.decode(value, { stream: true });
	}
	return text + decoder.decode();
}

/** Decodes JSON, else YAML; throws `invalid_descriptor` with the parser's position. */
export async function decodeDocument(text: string): Promise<unknown> {
	if (text.length > MAX_DOCUMENT_CHARS)
		throw new AutoUiError(
			'invalid_descriptor',
			`The document is ${text.length} characters long; at most ${MAX_DOCUMENT_CHARS} are read.`
		);
	const trimmed = text.trim();
	if (!trimmed) throw new AutoUiError('invalid_descriptor', 'The document is empty.');
	if (/^[[{]/.test(trimmed)) {
		try {
			return JSON.parse(trimmed);
		} catch (error) {
			throw new AutoUiError('invalid_descriptor', `The document is not valid JSON: ${errorMessage(error)}`);
		}
	}
	const { parse } = await import('yaml');
	try {
		return parse(trimmed, { maxAliasCount: 100 });
	} catch (error) {
		throw new AutoUiError('invalid_descriptor', `The document is neither JSON nor valid YAML: ${errorMessage(error)}`);
	}
}

/** A set name from a URL or file name (`petstore.yaml` → `petstore`). */
export function nameFromSource(source: string | undefined): string {
	if (!source) return 'api';
	let base = source;
	try {
		const url = new URL(source);
		const segment = url.pathname.split('/').filter(Boolean).pop();
		base =
			segment && !/^(openapi|swagger|api|tools|descriptor)s?(\.(json|ya?ml))?$/i.test(segment)
				? segment
				: (url.hostname.split('.').filter((label) => !/^(www|api)$/.test(label))[0] ?? url.hostname);
	} catch {
		base = source.split(/[\\/]/).pop() ?? source;
	}
	return (
		base
			.replace(/\.(json|ya?ml)$/i, '')
			.replace(/[^a-zA-Z0-9]+/g, '_')
			.replace(/^_+|_+$/g, '')
			.toLowerCase() || 'api'
	);
}

/** A document read into a tool set. */
export type LoadedToolSet = HttpToolSet & { kind: 'openapi' | 'descriptor' };

/**
 * Reads a document into a tool set on this thread. Its expansion (`$ref`s, YAML aliases) is
 * bounded before anything resolves it.
 */
export async function readToolDocument(text: string, source?: string): Promise<LoadedToolSet> {
	const value = await decodeDocument(text);
	checkExpansion(value);
	const fallbackName = nameFromSource(source);
	if (isPlainObject(value) && (value.openapi !== undefined || value.swagger !== undefined)) {
		const { importOpenApi } = await import('./openapi');
		const sourceUrl = source && /^https?:\/\//i.test(source) ? source : undefined;
		return { kind: 'openapi', ...(await importOpenApi(value, { sourceUrl, fallbackName })) };
	}
	return { kind: 'descriptor', ...parseToolSet(value, fallbackName) };
}

/**
 * Reads a document into a tool set. In a browser the parsing runs in a worker, stopped after
 * DOCUMENT_TIMEOUT_MS, so a hostile document can never freeze the page; elsewhere (Node) on
 * this thread, with the same bounds. `source` is its URL or file name.
 */
export async function loadToolDocument(
	text: string,
	source?: string,
	options: { timeoutMs?: number } = {}
): Promise<LoadedToolSet> {
	if (text.length > MAX_DOCUMENT_CHARS)
		throw new AutoUiError(
			'invalid_descriptor',
			`The document is ${text.length} characters long; at most ${MAX_DOCUMENT_CHARS} are read.`
		);
	if (typeof Worker === 'undefined' || typeof document === 'undefined') return readToolDocument(text, source);
	const { readInWorker } = await import('./document-worker-client');
	return readInWorker(text, source, options.timeoutMs ?? DOCUMENT_TIMEOUT_MS);
}

/** Fetches a document by URL (no credentials); throws with the status or the reason. */
export async function fetchDocument(
	url: string,
	options: { signal?: AbortSignal; fetch?: typeof fetch } = {}
): Promise<string> {
	const parsed = parseUrl(url, `"${url}" is not a URL.`);
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
		throw new AutoUiError('invalid_argument', `Tool documents are read over http(s), not ${parsed.protocol}.`);
	if (parsed.username || parsed.password)
		throw new AutoUiError('invalid_argument', 'Do not put credentials in the document URL.');
	const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
	let response: Response;
	try {
		response = await doFetch(parsed.href, {
			credentials: 'omit',
			signal: options.signal ?? AbortSignal.timeout(20_000),
			headers: { accept: 'application/json, application/yaml, text/yaml, */*' }
		});
	} catch (error) {
		const { explainNetworkFailure } = await import('./network-doctor');
		throw new AutoUiError(
			'http_unreachable',
			`The document at ${parsed.href} could not be read: ${await explainNetworkFailure(parsed.href, { fetch: doFetch }).catch(() => errorMessage(error))}`
		);
	}
	if (!response.ok)
		throw new AutoUiError(
			'http_unreachable',
			`The document at ${parsed.href} answered ${response.status} ${response.statusText}.`
		);
	return readLimited(response);
}
