/**
 * Reading a tool document the user pasted, picked as a file or named by URL: JSON or YAML
 * (YAML and the OpenAPI importer load on demand), then either an OpenAPI / Swagger document
 * (imported) or an HTTP tool descriptor document (parsed). Errors name what to fix.
 */
import { AutoUiError, errorMessage, isPlainObject } from '$lib/shared';
import { parseToolSet, type HttpToolSet } from './descriptor';

/** Largest document accepted, in characters. */
export const MAX_DOCUMENT_CHARS = 10_000_000;

/** Decodes JSON, else YAML; throws `invalid_descriptor` with the parser's position. */
export async function decodeDocument(text: string): Promise<unknown> {
	if (text.length > MAX_DOCUMENT_CHARS) throw new AutoUiError('invalid_descriptor', `The document is ${text.length} characters long; at most ${MAX_DOCUMENT_CHARS} are read.`);
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
		return parse(trimmed, { maxAliasCount: 1000 });
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
		base = segment && !/^(openapi|swagger|api|tools|descriptor)s?(\.(json|ya?ml))?$/i.test(segment) ? segment : url.hostname.split('.').filter((label) => !/^(www|api)$/.test(label))[0] ?? url.hostname;
	} catch {
		base = source.split(/[\\/]/).pop() ?? source;
	}
	return base.replace(/\.(json|ya?ml)$/i, '').replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase() || 'api';
}

/** Reads a document into a tool set. `source` is its URL or file name. */
export async function loadToolDocument(text: string, source?: string): Promise<HttpToolSet & { kind: 'openapi' | 'descriptor' }> {
	const value = await decodeDocument(text);
	const fallbackName = nameFromSource(source);
	if (isPlainObject(value) && (value.openapi !== undefined || value.swagger !== undefined)) {
		const { importOpenApi } = await import('./openapi');
		const sourceUrl = source && /^https?:\/\//i.test(source) ? source : undefined;
		return { kind: 'openapi', ...(await importOpenApi(value, { sourceUrl, fallbackName })) };
	}
	return { kind: 'descriptor', ...parseToolSet(value, fallbackName) };
}

/** Fetches a document by URL (no credentials); throws with the status or the reason. */
export async function fetchDocument(url: string, options: { signal?: AbortSignal; fetch?: typeof fetch } = {}): Promise<string> {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new AutoUiError('invalid_argument', `"${url}" is not a URL.`);
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new AutoUiError('invalid_argument', `Tool documents are read over http(s), not ${parsed.protocol}.`);
	if (parsed.username || parsed.password) throw new AutoUiError('invalid_argument', 'Do not put credentials in the document URL.');
	const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
	let response: Response;
	try {
		response = await doFetch(parsed.href, { credentials: 'omit', signal: options.signal ?? AbortSignal.timeout(20_000), headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
	} catch (error) {
		const { explainNetworkFailure } = await import('./network-doctor');
		throw new AutoUiError('http_unreachable', `The document at ${parsed.href} could not be read: ${await explainNetworkFailure(parsed.href, { fetch: doFetch }).catch(() => errorMessage(error))}`);
	}
	if (!response.ok) throw new AutoUiError('http_unreachable', `The document at ${parsed.href} answered ${response.status} ${response.statusText}.`);
	return response.text();
}
