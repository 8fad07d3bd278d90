/**
 * HTTP tool descriptors (seed 002): a REST API operation described as a tool — name,
 * description, input schema, mode (`live` calls the API, `mock` answers from `mock_result` or
 * `mock_template`) and the `http` block (URL with `{param}` placeholders, method, which
 * arguments go to the query, the body or headers, fixed headers, headers from named secrets,
 * timeout). A tool set groups descriptors under one server name and base URL.
 *
 * The parser accepts one descriptor, a list, `{ tools: [...] }`, or the seed's manifest
 * (`kind: Tool`, `spec: {...}`). Every problem is an `invalid_descriptor` error that names
 * the field (`tools[2].http.url: …`), so a user can fix the document.
 */
import { AutoUiError, isPlainObject, type JsonSchema } from '$lib/shared';
import { placeholderNames } from './url-template';

/** HTTP methods a tool may use. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** How a live tool builds its request. */
export interface HttpConfig {
	/** Absolute URL, or a path resolved against the set's `base_url`; `{param}` placeholders in the path only. */
	url: string;
	method: HttpMethod;
	/** Arguments sent as query parameters (name in the query → argument name). */
	query?: Record<string, string>;
	/**
	 * What the JSON body is: a list of arguments sent as its fields, or `{ arg }` for one
	 * argument that is the whole body. Absent: for POST/PUT/PATCH, every argument not used
	 * elsewhere; for other methods, no body (unused arguments go to the query).
	 */
	body?: string[] | { arg: string };
	/** Header name → argument name (OpenAPI header parameters). */
	header_args?: Record<string, string>;
	/** Fixed headers; `${NAME}` in a value is replaced by the secret NAME. */
	headers?: Record<string, string>;
	/** Query parameter name → `${NAME}` template filled from secrets (API keys in the query). */
	query_secrets?: Record<string, string>;
	/** Names of the secrets the tool needs (seed: `headers_from_env`). */
	headers_from_secrets?: string[];
	timeout_ms?: number;
}

/** One HTTP tool. */
export interface HttpToolDescriptor {
	name: string;
	description?: string;
	input_schema: JsonSchema;
	output_schema?: JsonSchema;
	mode: 'live' | 'mock';
	timeout_ms?: number;
	http?: HttpConfig;
	mock_result?: unknown;
	mock_template?: string;
	/** True when the operation only reads (GET/HEAD): shown as read-only to the approval policy. */
	read_only?: boolean;
}

/** A secret a tool set needs, filled once by the user and kept on this device. */
export interface SecretSpec {
	name: string;
	/** What to put there ("Bearer token for petstore", "API key sent as X-Api-Key"). */
	description?: string;
}

/** A parsed set of HTTP tools: one layer for the agent. */
export interface HttpToolSet {
	name: string;
	description?: string;
	/** Base URL relative tool URLs resolve against. */
	base_url?: string;
	/** Base URLs the document offers (OpenAPI `servers`); the user picks one. */
	servers?: string[];
	secrets: SecretSpec[];
	tools: HttpToolDescriptor[];
}

const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;
const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const secretPattern = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function fail(field: string, message: string): never {
	throw new AutoUiError('invalid_descriptor', `${field}: ${message}`);
}

function optionalString(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') fail(field, `must be a string, not ${typeof value}.`);
	return value;
}

function stringMap(value: unknown, field: string): Record<string, string> | undefined {
	if (value === undefined) return undefined;
	if (!isPlainObject(value)) fail(field, 'must be an object of strings.');
	for (const [key, item] of Object.entries(value)) {
		if (typeof item !== 'string') fail(`${field}.${key}`, 'must be a string.');
	}
	return value as Record<string, string>;
}

function secretNames(text: string): string[] {
	return [...text.matchAll(secretPattern)].map((match) => match[1]);
}

function parseHttp(value: unknown, field: string, schema: JsonSchema): HttpConfig {
	if (!isPlainObject(value)) fail(field, 'must be an object with at least "url".');
	const url = optionalString(value.url, `${field}.url`);
	if (!url?.trim())
		fail(`${field}.url`, "is required (an absolute URL, or a path such as /pets/{id} with the set's base_url).");
	try {
		const parsed = new URL(url, 'http://relative.invalid');
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
			fail(`${field}.url`, `must be http(s), not ${parsed.protocol}.`);
		if (parsed.username || parsed.password)
			fail(`${field}.url`, 'must not carry credentials; use headers with a secret.');
		if (/[{}]/.test(decodeURIComponent(parsed.host)))
			fail(`${field}.url`, 'placeholders may only be in the path, not in the host.');
	} catch (error) {
		if (error instanceof AutoUiError) throw error;
		fail(`${field}.url`, `"${url}" is not a URL.`);
	}
	const method = (optionalString(value.method, `${field}.method`) ?? 'GET').toUpperCase();
	if (!(HTTP_METHODS as readonly string[]).includes(method))
		fail(`${field}.method`, `must be one of ${HTTP_METHODS.join(', ')}, not "${method}".`);
	const properties = isPlainObject(schema.properties) ? Object.keys(schema.properties) : [];
	const known = (name: string, where: string) => {
		if (properties.length && !properties.includes(name))
			fail(
				where,
				`names the argument "${name}", which input_schema does not define (it has ${properties.join(', ') || 'none'}).`
			);
	};
	for (const name of placeholderNames(url)) known(name, `${field}.url`);
	let query: Record<string, string> | undefined;
	if (Array.isArray(value.query)) {
		query = {};
		value.query.forEach((name, index) => {
			if (typeof name !== 'string') fail(`${field}.query[${index}]`, 'must be an argument name.');
			query![name] = name;
		});
	} else query = stringMap(value.query, `${field}.query`);
	for (const [key, arg] of Object.entries(query ?? {})) known(arg, `${field}.query.${key}`);
	let body: HttpConfig['body'];
	if (Array.isArray(value.body)) {
		body = value.body.map((name, index) => {
			if (typeof name !== 'string') fail(`${field}.body[${index}]`, 'must be an argument name.');
			known(name, `${field}.body[${index}]`);
			return name;
		});
	} else if (isPlainObject(value.body)) {
		if (typeof value.body.arg !== 'string') fail(`${field}.body.arg`, 'must name the argument that is the whole body.');
		known(value.body.arg, `${field}.body.arg`);
		body = { arg: value.body.arg };
	} else if (value.body !== undefined)
		fail(`${field}.body`, 'must be a list of argument names or { "arg": "<name>" }.');
	const header_args = stringMap(value.header_args, `${field}.header_args`);
	for (const [header, arg] of Object.entries(header_args ?? {})) {
		if (!headerNamePattern.test(header)) fail(`${field}.header_args`, `"${header}" is not a valid header name.`);
		known(arg, `${field}.header_args.${header}`);
	}
	const headers = stringMap(value.headers, `${field}.headers`);
	for (const [header, text] of Object.entries(headers ?? {})) {
		if (!headerNamePattern.test(header)) fail(`${field}.headers`, `"${header}" is not a valid header name.`);
		if (/[\r\n]/.test(text)) fail(`${field}.headers.${header}`, 'must be on one line.');
	}
	const query_secrets = stringMap(value.query_secrets, `${field}.query_secrets`);
	const declaredList = value.headers_from_secrets ?? value.headers_from_env;
	if (
		declaredList !== undefined &&
		(!Array.isArray(declaredList) || !declaredList.every((item) => typeof item === 'string'))
	) {
		fail(`${field}.headers_from_secrets`, 'must be a list of secret names.');
	}
	const declared = new Set((declaredList as string[] | undefined) ?? []);
	const used = [...Object.values(headers ?? {}), ...Object.values(query_secrets ?? {})].flatMap(secretNames);
	// Secrets are named where they are used; the declared list only adds names (and documents them).
	for (const name of used) declared.add(name);
	const timeout = value.timeout_ms;
	if (
		timeout !== undefined &&
		!(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0 && timeout <= 600_000)
	) {
		fail(`${field}.timeout_ms`, 'must be a number of milliseconds between 1 and 600000.');
	}
	return {
		url: url.trim(),
		method: method as HttpMethod,
		...(query && Object.keys(query).length ? { query } : {}),
		...(body ? { body } : {}),
		...(header_args ? { header_args } : {}),
		...(headers ? { headers } : {}),
		...(query_secrets ? { query_secrets } : {}),
		...(declared.size ? { headers_from_secrets: [...declared] } : {}),
		...(typeof timeout === 'number' ? { timeout_ms: timeout } : {})
	};
}

/** Parses one descriptor; `field` prefixes error messages (`tools[2]`). */
export function parseToolDescriptor(value: unknown, field = 'tool'): HttpToolDescriptor {
	if (isPlainObject(value) && value.kind === 'Tool' && isPlainObject(value.spec))
		return parseToolDescriptor(value.spec, `${field}.spec`);
	if (!isPlainObject(value)) fail(field, 'must be an object with name, input_schema and http (or mock_result).');
	const name = optionalString(value.name, `${field}.name`);
	if (!name) fail(`${field}.name`, 'is required.');
	if (!toolNamePattern.test(name))
		fail(`${field}.name`, `"${name}" may use only letters, digits, _ and - (at most 64).`);
	const description = optionalString(value.description, `${field}.description`);
	const rawSchema = value.input_schema ?? value.inputSchema ?? { type: 'object', properties: {} };
	if (!isPlainObject(rawSchema)) fail(`${field}.input_schema`, 'must be a JSON Schema object.');
	if (rawSchema.type !== undefined && rawSchema.type !== 'object')
		fail(
			`${field}.input_schema.type`,
			`must be "object" (tool arguments are an object), not ${JSON.stringify(rawSchema.type)}.`
		);
	const input_schema = { type: 'object', ...rawSchema } as JsonSchema;
	const rawOutput = value.output_schema ?? value.outputSchema;
	if (rawOutput !== undefined && !isPlainObject(rawOutput))
		fail(`${field}.output_schema`, 'must be a JSON Schema object.');
	const mode =
		optionalString(value.mode, `${field}.mode`) ??
		(value.http === undefined && (value.mock_result !== undefined || value.mock_template !== undefined)
			? 'mock'
			: 'live');
	if (mode !== 'live' && mode !== 'mock') fail(`${field}.mode`, `must be "live" or "mock", not "${mode}".`);
	const mock_template = optionalString(value.mock_template, `${field}.mock_template`);
	if (mode === 'mock' && value.mock_result === undefined && mock_template === undefined)
		fail(`${field}.mock_result`, 'a mock tool needs mock_result or mock_template.');
	if (mode === 'live' && value.http === undefined)
		fail(`${field}.http`, 'is required for a live tool (url and method).');
	const http = value.http === undefined ? undefined : parseHttp(value.http, `${field}.http`, input_schema);
	const timeout = value.timeout_ms;
	if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && timeout <= 600_000))
		fail(`${field}.timeout_ms`, 'must be a number of milliseconds between 1 and 600000.');
	return {
		name,
		...(description ? { description } : {}),
		input_schema,
		...(rawOutput ? { output_schema: rawOutput as JsonSchema } : {}),
		mode,
		...(typeof timeout === 'number' ? { timeout_ms: timeout } : {}),
		...(http ? { http } : {}),
		...(value.mock_result !== undefined ? { mock_result: value.mock_result } : {}),
		...(mock_template !== undefined ? { mock_template } : {}),
		...(value.read_only === true || (http && (http.method === 'GET' || http.method === 'HEAD'))
			? { read_only: true }
			: {})
	};
}

/** The secrets the tools use, each once, with the descriptions the set gives. */
export function collectSecrets(
	tools: readonly HttpToolDescriptor[],
	described: readonly SecretSpec[] = []
): SecretSpec[] {
	const names = new Set(described.map((secret) => secret.name));
	const out = [...described];
	for (const tool of tools) {
		for (const name of tool.http?.headers_from_secrets ?? []) {
			if (!names.has(name)) {
				names.add(name);
				out.push({ name });
			}
		}
	}
	return out;
}

/**
 * Parses a descriptor document (already decoded from JSON or YAML) into a tool set. `fallbackName`
 * names the set when the document does not (from its URL or file name).
 */
export function parseToolSet(value: unknown, fallbackName = 'api'): HttpToolSet {
	const list = Array.isArray(value)
		? value
		: isPlainObject(value) && Array.isArray(value.tools)
			? value.tools
			: [value];
	const single = !Array.isArray(value) && !(isPlainObject(value) && Array.isArray(value.tools));
	const at = (index: number) => (single ? 'tool' : `${Array.isArray(value) ? '' : 'tools'}[${index}]`);
	if (!list.length) fail('tools', 'the document lists no tool.');
	const tools = list.map((item, index) => parseToolDescriptor(item, at(index)));
	const seen = new Set<string>();
	tools.forEach((tool, index) => {
		if (seen.has(tool.name)) fail(`${at(index)}.name`, `"${tool.name}" is used by two tools; names must be unique.`);
		seen.add(tool.name);
	});
	const set = isPlainObject(value) && Array.isArray(value.tools) ? value : {};
	const name = optionalString(set.name, 'name')?.trim() || fallbackName;
	const description = optionalString(set.description, 'description');
	const base_url = optionalString(set.base_url, 'base_url');
	if (base_url !== undefined) {
		try {
			const url = new URL(base_url);
			if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('base_url', 'must be an http(s) URL.');
		} catch (error) {
			if (error instanceof AutoUiError) throw error;
			fail('base_url', `"${base_url}" is not an absolute URL.`);
		}
	}
	tools.forEach((tool, index) => {
		if (tool.http && !/^https?:\/\//i.test(tool.http.url) && !base_url)
			fail(`${at(index)}.http.url`, `"${tool.http.url}" is relative; give an absolute URL or the set's base_url.`);
	});
	let secrets: SecretSpec[] = [];
	if (set.secrets !== undefined) {
		if (!Array.isArray(set.secrets)) fail('secrets', 'must be a list of { name, description }.');
		secrets = set.secrets.map((item, index) => {
			const secretName = isPlainObject(item) ? item.name : item;
			if (typeof secretName !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(secretName))
				fail(`secrets[${index}].name`, 'must be a name of letters, digits and _.');
			const secretDescription = isPlainObject(item)
				? optionalString(item.description, `secrets[${index}].description`)
				: undefined;
			return { name: secretName, ...(secretDescription ? { description: secretDescription } : {}) };
		});
	}
	return {
		name,
		...(description ? { description } : {}),
		...(base_url ? { base_url } : {}),
		secrets: collectSecrets(tools, secrets),
		tools
	};
}
