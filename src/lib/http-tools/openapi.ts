/**
 * OpenAPI import: an OpenAPI 3.x or Swagger 2.0 document becomes one HTTP tool set — one tool
 * per operation (its operationId, else method + path), whose input schema merges the path,
 * query and header parameters with the JSON body; `$ref`s are resolved by
 * @apidevtools/json-schema-ref-parser (internal references only: a document never makes the
 * browser fetch other files). Security schemes become secrets the user fills once; the
 * document's servers become the base URLs the user picks from.
 *
 * Loaded on demand (with the parser), never on the first route.
 */
import { AutoUiError, isPlainObject, type JsonSchema } from '$lib/shared';
import { dereferenceDocument } from './ref-resolver';
import { parseToolSet, type HttpConfig, type HttpToolSet, type SecretSpec } from './descriptor';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;
/** Keywords of a Swagger 2.0 parameter that are JSON Schema. */
const SWAGGER_SCHEMA_KEYS = [
	'type',
	'format',
	'items',
	'enum',
	'default',
	'minimum',
	'maximum',
	'exclusiveMinimum',
	'exclusiveMaximum',
	'minLength',
	'maxLength',
	'pattern',
	'minItems',
	'maxItems',
	'uniqueItems',
	'multipleOf'
];
const MAX_DESCRIPTION = 1_000;

/** True when the value looks like an OpenAPI 3.x or Swagger 2.0 document. */
export function isOpenApiDocument(value: unknown): value is Json {
	return (
		isPlainObject(value) &&
		(typeof value.openapi === 'string' || value.swagger === '2.0' || value.swagger === 2) &&
		isPlainObject(value.paths)
	);
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function toolName(operation: Json, method: string, path: string): string {
	const id = text(operation.operationId);
	const raw = id ?? `${method}_${path.replace(/[{}]/g, '')}`.replace(/[^a-zA-Z0-9]+/g, '_');
	const cleaned = raw.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || method;
	return cleaned.slice(0, 64);
}

function secretName(scheme: string): string {
	return (
		scheme
			.replace(/[^A-Za-z0-9]+/g, '_')
			.replace(/^_+|_+$/g, '')
			.toUpperCase()
			.replace(/^(\d)/, '_$1') || 'API_SECRET'
	);
}

/** The base URLs a document offers, absolute (relative ones against where it was loaded from). */
export function documentServers(document: Json, sourceUrl?: string): string[] {
	const absolute = (url: string): string | undefined => {
		try {
			return new URL(url, sourceUrl).href.replace(/\/$/, '');
		} catch {
			return undefined;
		}
	};
	if (typeof document.openapi === 'string') {
		const servers = Array.isArray(document.servers) ? document.servers.filter(isPlainObject) : [];
		const urls = servers.map((server) => {
			let url = text(server.url) ?? '/';
			const variables = isPlainObject(server.variables) ? server.variables : {};
			for (const [name, variable] of Object.entries(variables)) {
				const value = isPlainObject(variable) ? String(variable.default ?? '') : '';
				url = url.split(`{${name}}`).join(value);
			}
			return absolute(url);
		});
		const found = urls.filter((url): url is string => url !== undefined);
		return found.length ? [...new Set(found)] : sourceUrl ? [new URL('/', sourceUrl).href.replace(/\/$/, '')] : [];
	}
	const host = text(document.host) ?? (sourceUrl ? new URL(sourceUrl).host : undefined);
	if (!host) return [];
	const schemes =
		Array.isArray(document.schemes) && document.schemes.length
			? document.schemes.map(String)
			: [sourceUrl ? new URL(sourceUrl).protocol.replace(':', '') : 'https'];
	const basePath = text(document.basePath) ?? '';
	return [
		...new Set(
			schemes
				.filter((scheme) => scheme === 'http' || scheme === 'https')
				.map((scheme) => `${scheme}://${host}${basePath}`.replace(/\/$/, ''))
		)
	];
}

function parameterSchema(parameter: Json, swagger: boolean): JsonSchema {
	let schema: Json = {};
	if (isPlainObject(parameter.schema)) schema = { ...parameter.schema };
	else if (isPlainObject(parameter.content)) {
		const first = Object.values(parameter.content).find(isPlainObject);
		if (first && isPlainObject(first.schema)) schema = { ...first.schema };
	} else if (swagger) {
		for (const key of SWAGGER_SCHEMA_KEYS) if (parameter[key] !== undefined) schema[key] = parameter[key];
	}
	const description = text(parameter.description);
	if (description && !schema.description) schema.description = description;
	return schema as JsonSchema;
}

function jsonMedia(content: unknown): Json | undefined {
	if (!isPlainObject(content)) return undefined;
	const key =
		Object.keys(content).find((type) => /^application\/(.+\+)?json\b/i.test(type)) ??
		(content['*/*'] ? '*/*' : undefined);
	const media = key ? content[key] : undefined;
	return isPlainObject(media) ? media : undefined;
}

function outputSchema(operation: Json, swagger: boolean): JsonSchema | undefined {
	const responses = isPlainObject(operation.responses) ? operation.responses : {};
	const success = ['200', '201', '2XX', '2xx'].map((code) => responses[code]).find(isPlainObject);
	if (!success) return undefined;
	const schema = swagger ? success.schema : jsonMedia(success.content)?.schema;
	// MCP output schemas describe objects; lists and scalars are returned without one.
	return isPlainObject(schema) &&
		(schema.type === 'object' || (schema.type === undefined && isPlainObject(schema.properties)))
		? ({ type: 'object', ...schema } as JsonSchema)
		: undefined;
}

interface SecurityMapping {
	headers: Record<string, string>;
	query: Record<string, string>;
	secrets: SecretSpec[];
}

function securityFor(document: Json, operation: Json): SecurityMapping {
	const mapping: SecurityMapping = { headers: {}, query: {}, secrets: [] };
	const requirements = Array.isArray(operation.security)
		? operation.security
		: Array.isArray(document.security)
			? document.security
			: [];
	const first = requirements.find(isPlainObject);
	if (!first) return mapping;
	const components = isPlainObject(document.components) ? document.components : {};
	const schemes = (
		isPlainObject(components.securitySchemes)
			? components.securitySchemes
			: isPlainObject(document.securityDefinitions)
				? document.securityDefinitions
				: {}
	) as Json;
	for (const name of Object.keys(first)) {
		const scheme = schemes[name];
		if (!isPlainObject(scheme)) continue;
		const secret = secretName(name);
		const type = String(scheme.type ?? '');
		const httpScheme = String(scheme.scheme ?? '').toLowerCase();
		if (type === 'apiKey' && typeof scheme.name === 'string') {
			if (scheme.in === 'header') mapping.headers[scheme.name] = `\${${secret}}`;
			else if (scheme.in === 'query') mapping.query[scheme.name] = `\${${secret}}`;
			else continue;
			mapping.secrets.push({
				name: secret,
				description: `API key "${name}", sent as the ${scheme.in} ${scheme.name}${text(scheme.description) ? ` — ${text(scheme.description)}` : ''}`
			});
		} else if ((type === 'http' && httpScheme === 'basic') || type === 'basic') {
			mapping.headers.Authorization = `Basic \${${secret}}`;
			mapping.secrets.push({
				name: secret,
				description: `HTTP Basic credentials for "${name}": base64 of user:password`
			});
		} else if (type === 'http' || type === 'oauth2' || type === 'openIdConnect') {
			mapping.headers.Authorization = `Bearer \${${secret}}`;
			mapping.secrets.push({
				name: secret,
				description: `Bearer token for "${name}"${type === 'http' ? '' : ` (${type}: paste an access token)`}`
			});
		}
	}
	return mapping;
}

function operationTool(
	document: Json,
	path: string,
	method: string,
	pathItem: Json,
	operation: Json,
	swagger: boolean
): { tool: Json; secrets: SecretSpec[] } {
	const properties: Record<string, JsonSchema> = {};
	const required: string[] = [];
	const query: Record<string, string> = {};
	const headerArgs: Record<string, string> = {};
	let url = path;
	const byKey = new Map<string, Json>();
	for (const parameter of [
		...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
		...(Array.isArray(operation.parameters) ? operation.parameters : [])
	]) {
		if (isPlainObject(parameter) && typeof parameter.name === 'string')
			byKey.set(`${parameter.in}:${parameter.name}`, parameter);
	}
	const notes: string[] = [];
	let bodyParameter: Json | undefined;
	for (const parameter of byKey.values()) {
		const name = parameter.name as string;
		const where = String(parameter.in);
		if (where === 'body') {
			bodyParameter = parameter;
			continue;
		}
		if (where !== 'path' && where !== 'query' && where !== 'header') {
			notes.push(`${where} parameter "${name}" is not sent`);
			continue;
		}
		let arg = name.replace(/[^a-zA-Z0-9_-]/g, '_');
		if (properties[arg]) arg = `${where}_${arg}`;
		properties[arg] = parameterSchema(parameter, swagger);
		if (parameter.required === true || where === 'path') required.push(arg);
		if (where === 'path') url = url.split(`{${name}}`).join(`{${arg}}`);
		else if (where === 'query') query[name] = arg;
		else headerArgs[name] = arg;
	}
	let body: HttpConfig['body'];
	let bodySchema: Json | undefined;
	let bodyRequired = false;
	if (swagger && bodyParameter) {
		bodySchema = isPlainObject(bodyParameter.schema) ? bodyParameter.schema : undefined;
		bodyRequired = bodyParameter.required === true;
	} else if (!swagger && isPlainObject(operation.requestBody)) {
		const media = jsonMedia(operation.requestBody.content);
		if (media) bodySchema = isPlainObject(media.schema) ? media.schema : {};
		else
			notes.push(
				`its ${Object.keys(isPlainObject(operation.requestBody.content) ? operation.requestBody.content : {}).join(' / ') || 'non-JSON'} body is not supported`
			);
		bodyRequired = operation.requestBody.required === true;
	}
	if (bodySchema) {
		const fields = isPlainObject(bodySchema.properties) ? Object.keys(bodySchema.properties) : [];
		const mergeable =
			(bodySchema.type === 'object' || bodySchema.type === undefined) &&
			fields.length > 0 &&
			fields.every((field) => !properties[field] && /^[a-zA-Z0-9_-]+$/.test(field));
		if (mergeable) {
			for (const field of fields) properties[field] = (bodySchema.properties as Json)[field] as JsonSchema;
			const bodyRequiredFields = Array.isArray(bodySchema.required)
				? bodySchema.required.filter((field): field is string => typeof field === 'string')
				: [];
			if (bodyRequired) required.push(...bodyRequiredFields);
			body = fields;
		} else {
			const arg = properties.body ? 'request_body' : 'body';
			properties[arg] = {
				...bodySchema,
				description: text(bodySchema.description) ?? 'The JSON request body.'
			} as JsonSchema;
			if (bodyRequired) required.push(arg);
			body = { arg };
		}
	}
	const security = securityFor(document, operation);
	const summary = [text(operation.summary), text(operation.description)].filter(Boolean).join('. ');
	const description = [
		`${method.toUpperCase()} ${path}${summary ? ` — ${summary}` : ''}`,
		operation.deprecated === true ? '(deprecated)' : '',
		notes.length ? `(${notes.join('; ')})` : ''
	]
		.filter(Boolean)
		.join(' ')
		.slice(0, MAX_DESCRIPTION);
	const output = outputSchema(operation, swagger);
	const tool: Json = {
		name: toolName(operation, method, path),
		description,
		input_schema: { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}) },
		...(output ? { output_schema: output } : {}),
		mode: 'live',
		http: {
			url,
			method: method.toUpperCase(),
			query,
			...(body ? { body } : {}),
			...(Object.keys(headerArgs).length ? { header_args: headerArgs } : {}),
			...(Object.keys(security.headers).length ? { headers: security.headers } : {}),
			...(Object.keys(security.query).length ? { query_secrets: security.query } : {})
		}
	};
	return { tool, secrets: security.secrets };
}

/** What the import needs besides the document. */
export interface ImportOptions {
	/** Where the document came from: relative server URLs resolve against it. */
	sourceUrl?: string;
	/** The set's name when the document has no title. */
	fallbackName?: string;
}

/**
 * Imports an OpenAPI document (decoded from JSON or YAML). Throws `invalid_descriptor` for a
 * document that is not OpenAPI, has no operation, or whose references cannot be resolved.
 */
export async function importOpenApi(document: unknown, options: ImportOptions = {}): Promise<HttpToolSet> {
	if (!isOpenApiDocument(document)) {
		throw new AutoUiError(
			'invalid_descriptor',
			'openapi: this is not an OpenAPI 3.x or Swagger 2.0 document (it needs "openapi": "3.x" or "swagger": "2.0", and "paths").'
		);
	}
	const swagger = typeof document.openapi !== 'string';
	if (!swagger && !/^3\./.test(String(document.openapi)))
		throw new AutoUiError(
			'invalid_descriptor',
			`openapi: version ${document.openapi} is not supported (3.0 and 3.1 are).`
		);
	let resolved: Json;
	try {
		resolved = await dereferenceDocument(document);
	} catch (error) {
		throw new AutoUiError(
			'invalid_descriptor',
			`openapi: a $ref could not be resolved (${error instanceof Error ? error.message : String(error)}). Only references inside the document are followed.`
		);
	}
	const tools: Json[] = [];
	const secrets = new Map<string, SecretSpec>();
	const names = new Set<string>();
	for (const [path, pathItem] of Object.entries(resolved.paths as Json)) {
		if (!isPlainObject(pathItem)) continue;
		for (const method of METHODS) {
			const operation = pathItem[method];
			if (!isPlainObject(operation)) continue;
			const { tool, secrets: needed } = operationTool(resolved, path, method, pathItem, operation, swagger);
			let name = tool.name as string;
			for (let n = 2; names.has(name); n++) name = `${(tool.name as string).slice(0, 60)}_${n}`;
			names.add(name);
			tools.push({ ...tool, name });
			for (const secret of needed) if (!secrets.has(secret.name)) secrets.set(secret.name, secret);
		}
	}
	if (!tools.length)
		throw new AutoUiError(
			'invalid_descriptor',
			'paths: the document has no operation (get, post, put, patch, delete or head).'
		);
	const info = isPlainObject(resolved.info) ? resolved.info : {};
	const title = text(info.title);
	const servers = documentServers(resolved, options.sourceUrl);
	const description = [
		title ? `${title}${text(info.version) ? ` ${text(info.version)}` : ''}` : '',
		text(info.description) ?? ''
	]
		.filter(Boolean)
		.join(': ')
		.slice(0, 600);
	const set = parseToolSet(
		{
			name: title ?? options.fallbackName ?? 'api',
			...(description ? { description } : {}),
			...(servers[0] ? { base_url: servers[0] } : {}),
			secrets: [...secrets.values()],
			tools
		},
		options.fallbackName
	);
	if (!servers.length)
		throw new AutoUiError(
			'invalid_descriptor',
			'servers: the document names no server URL; add "servers" (3.x) or "host" (2.0), or load it from the API\'s own URL.'
		);
	return { ...set, servers };
}
