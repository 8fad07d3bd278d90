/**
 * Turns an HTTP tool call (descriptor + arguments + the set's base URL and secrets) into a
 * `Request`-like description: URL with path placeholders filled safely, query parameters,
 * headers (fixed, from arguments, from secrets) and the JSON body. A missing secret is an
 * error the model can tell the user about; secret values never appear in error texts.
 */
import { AutoUiError, isPlainObject, safeStringify } from '$lib/shared';
import type { HttpToolDescriptor } from './descriptor';
import { expandUrl } from './url-template';

/** A request ready for `fetch`. */
export interface BuiltRequest {
	url: string;
	method: string;
	headers: Record<string, string>;
	body?: string;
	/** A secret went into a header or the query: redirects to another origin are not followed. */
	carriesSecrets?: boolean;
}

const secretPattern = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

function fillSecrets(text: string, secrets: Record<string, string>, where: string): string {
	return text.replace(secretPattern, (_match, name: string) => {
		const value = secrets[name];
		if (!value)
			throw new AutoUiError(
				'invalid_argument',
				`The secret ${name} (used by ${where}) is not set. Ask the user to fill it in the HTTP tools panel.`
			);
		return value;
	});
}

function queryValue(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	if (Array.isArray(value)) return value.flatMap(queryValue);
	return [typeof value === 'object' ? safeStringify(value) : String(value)];
}

function headerValue(name: string, value: unknown): string {
	const text = typeof value === 'object' ? safeStringify(value) : String(value);
	if (/[\r\n]/.test(text))
		throw new AutoUiError('invalid_argument', `The header argument for ${name} must be on one line.`);
	return text;
}

/** Builds the request of a live tool; throws `invalid_argument` for what the caller must fix. */
export function buildRequest(
	tool: HttpToolDescriptor,
	args: Record<string, unknown>,
	context: { baseUrl?: string; secrets: Record<string, string> }
): BuiltRequest {
	const http = tool.http;
	if (!http)
		throw new AutoUiError('invalid_descriptor', `${tool.name} has no http block, so it cannot be called live.`);
	const relative = !/^https?:\/\//i.test(http.url);
	if (relative && !context.baseUrl)
		throw new AutoUiError('invalid_descriptor', `${tool.name}: "${http.url}" is relative and the set has no base URL.`);
	const { url, used } = expandUrl(http.url, args, relative ? context.baseUrl : undefined);
	const consumed = new Set(used);
	const headers: Record<string, string> = { accept: 'application/json, text/*;q=0.9, */*;q=0.5' };
	const templates = [...Object.values(http.headers ?? {}), ...Object.values(http.query_secrets ?? {})];
	const carriesSecrets = templates.some((template) => new RegExp(secretPattern.source).test(template));
	for (const [name, template] of Object.entries(http.headers ?? {}))
		headers[name.toLowerCase()] = fillSecrets(template, context.secrets, `the ${name} header`);
	for (const [name, arg] of Object.entries(http.header_args ?? {})) {
		consumed.add(arg);
		if (args[arg] !== undefined && args[arg] !== null) headers[name.toLowerCase()] = headerValue(name, args[arg]);
	}
	for (const [name, arg] of Object.entries(http.query ?? {})) {
		consumed.add(arg);
		for (const item of queryValue(args[arg])) url.searchParams.append(name, item);
	}
	for (const [name, template] of Object.entries(http.query_secrets ?? {}))
		url.searchParams.set(name, fillSecrets(template, context.secrets, `the ${name} query parameter`));
	let body: string | undefined;
	if (isPlainObject(http.body) && 'arg' in http.body) {
		const value = args[http.body.arg];
		consumed.add(http.body.arg);
		if (value !== undefined) body = safeStringify(value);
	} else {
		const fields = Array.isArray(http.body)
			? http.body
			: bodyMethods.has(http.method)
				? Object.keys(args).filter((key) => !consumed.has(key))
				: [];
		for (const key of fields) consumed.add(key);
		const payload = Object.fromEntries(fields.filter((key) => args[key] !== undefined).map((key) => [key, args[key]]));
		if (fields.length && (Object.keys(payload).length || bodyMethods.has(http.method))) body = safeStringify(payload);
		// Without a mapping, arguments of a GET left over go to the query (the descriptor's shortest form).
		if (!http.query && !Array.isArray(http.body) && !bodyMethods.has(http.method)) {
			for (const [key, value] of Object.entries(args)) {
				if (consumed.has(key)) continue;
				for (const item of queryValue(value)) url.searchParams.append(key, item);
			}
		}
	}
	if (body !== undefined) headers['content-type'] = 'application/json';
	return {
		url: url.href,
		method: http.method,
		headers,
		...(body !== undefined ? { body } : {}),
		...(carriesSecrets ? { carriesSecrets } : {})
	};
}
