/**
 * One `tools/call` on the SDK client's request funnel, with the checks done here instead of by
 * the SDK's `Client.callTool`:
 *
 *   the result's shape     content blocks (each an object with its `type` and that type's
 *                          fields), `isError`, `structuredContent` — a plain check, not the
 *                          SDK's generated schema parse of the whole result
 *   the output schema      the tool's `outputSchema` (from the catalog this connection already
 *                          holds), compiled once per schema object, not looked up per call
 *
 * The errors are the SDK's own kinds (an invalid result is an `SdkError` InvalidResult, an
 * output-schema mismatch a `ProtocolError` InvalidParams), so callers see what they saw before.
 * Where `Client.callTool` does more than this — at 2026-07-28 outside a browser, it mirrors
 * declared parameters into headers — the SDK's method is used instead (see `callsDirectly`).
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ToolDefinition } from '$lib/shared';
import { loadedSdk } from './sdk-loader';

type Request = { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> };
type RequestOptions = Parameters<Client['request']>[2];
type Issue = { message: string; path?: (string | number)[] };
type Validator = (value: unknown) => { valid: boolean; errorMessage?: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields each content block type must carry as strings (unknown types pass: newer revisions add some). */
const requiredStrings: Record<string, readonly string[]> = {
	text: ['text'],
	image: ['data', 'mimeType'],
	audio: ['data', 'mimeType'],
	resource_link: ['uri', 'name']
};

/** What is wrong with a `tools/call` result, empty when nothing is. */
export function toolResultIssues(value: unknown): Issue[] {
	if (!isObject(value)) return [{ message: 'the result is not an object' }];
	const issues: Issue[] = [];
	if (value.isError !== undefined && typeof value.isError !== 'boolean')
		issues.push({ message: 'must be a boolean', path: ['isError'] });
	if (value.content === undefined) return issues;
	if (!Array.isArray(value.content)) return [...issues, { message: 'must be an array', path: ['content'] }];
	value.content.forEach((block, index) => {
		if (!isObject(block) || typeof block.type !== 'string') {
			issues.push({ message: 'must be an object with a string "type"', path: ['content', index] });
			return;
		}
		for (const field of requiredStrings[block.type] ?? []) {
			if (typeof block[field] !== 'string')
				issues.push({ message: 'must be a string', path: ['content', index, field] });
		}
		if (block.type === 'resource' && !(isObject(block.resource) && typeof block.resource.uri === 'string'))
			issues.push({ message: 'must be an object with a string "uri"', path: ['content', index, 'resource'] });
	});
	return issues;
}

/** The result check in the Standard Schema form the SDK's request funnel takes. */
const toolResultSchema = {
	'~standard': {
		version: 1 as const,
		vendor: 'autoui',
		validate: (value: unknown) => {
			const issues = toolResultIssues(value);
			return issues.length ? { issues } : { value: value as Record<string, unknown> };
		}
	}
};

/** Compiled output schemas, per schema object (a catalog read again brings new objects). */
const compiled = new WeakMap<object, Validator | { compileError: string }>();

function outputValidator(schema: object): Validator | { compileError: string } {
	let entry = compiled.get(schema);
	if (!entry) {
		const sdk = loadedSdk();
		if (!sdk) return () => ({ valid: true });
		try {
			entry = new sdk.CfWorkerJsonSchemaValidator().getValidator(schema as never) as Validator;
		} catch (error) {
			entry = { compileError: (error instanceof Error ? error.message : String(error)).slice(0, 200) };
		}
		compiled.set(schema, entry);
	}
	return entry;
}

/** Throws as the SDK's `callTool` does when `result` breaks the tool's declared output schema. */
function checkOutput(tool: ToolDefinition | undefined, result: Record<string, unknown>): void {
	const schema = tool?.outputSchema;
	const sdk = loadedSdk();
	if (!schema || !sdk || result.isError === true) return;
	const invalid = (message: string) => new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, message);
	const validator = outputValidator(schema);
	if ('compileError' in validator)
		throw invalid(`Tool '${tool.name}' has an invalid outputSchema: ${validator.compileError}`);
	if (result.structuredContent === undefined)
		throw new sdk.ProtocolError(
			sdk.ProtocolErrorCode.InvalidRequest,
			`Tool ${tool.name} has an output schema but did not return structured content`
		);
	const verdict = validator(result.structuredContent);
	if (!verdict.valid)
		throw invalid(`Structured content does not match the tool's output schema: ${verdict.errorMessage}`);
}

/** True when `Client.callTool` adds nothing this module does not (it mirrors headers only at 2026-07-28 outside a browser). */
function callsDirectly(client: Client): boolean {
	const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';
	return inBrowser || client.getProtocolEra() !== 'modern';
}

/** Calls a tool and returns its raw result, checked as described above. */
export async function requestToolCall(
	client: Client,
	request: Request,
	tool: ToolDefinition | undefined,
	options: RequestOptions
): Promise<Record<string, unknown>> {
	if (!callsDirectly(client)) return (await client.callTool(request, options)) as Record<string, unknown>;
	const result = (await client.request({ method: 'tools/call', params: request }, toolResultSchema, options)) as Record<
		string,
		unknown
	>;
	checkOutput(tool, result);
	return result;
}
