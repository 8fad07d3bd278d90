/**
 * Mocks of tools, any kind (MCP, HTTP, in-page): while a tool is mocked, its calls are
 * answered from the mock — a static result, or a template rendered over the arguments — and
 * never reach the server. A set of mocks is a scenario, exported and loaded as
 * `{"format": "autoui-mock-scenario", "version": 1, "name": …, "mocks": [...]}`; loading
 * checks every field and names the one that is wrong.
 */
import { AutoUiError, isPlainObject, type ToolProtocol } from '$lib/shared';

/** One mocked tool. */
export interface ToolMock {
	/** The server's display name and protocol, and the tool's own name on it. */
	server: string;
	protocol: ToolProtocol;
	tool: string;
	/** A static result (JSON value or text)… */
	result?: unknown;
	/** …or a template over the arguments (see template.ts). */
	template?: string;
	/** Answer as a tool error (to try how the model handles failures). */
	isError?: boolean;
}

/** A named set of mocks. */
export interface MockScenario {
	format: 'autoui-mock-scenario';
	version: 1;
	name: string;
	mocks: ToolMock[];
}

const protocols: ToolProtocol[] = ['mcp', 'webmcp', 'http'];

/** The key a mock is found by. */
export function mockKey(mock: Pick<ToolMock, 'server' | 'protocol' | 'tool'>): string {
	return `${mock.protocol}\n${mock.server}\n${mock.tool}`;
}

function fail(field: string, message: string): never {
	throw new AutoUiError('invalid_argument', `${field}: ${message}`);
}

/** Checks one mock; `field` prefixes errors (`mocks[2]`). */
export function parseMock(value: unknown, field = 'mock'): ToolMock {
	if (!isPlainObject(value)) fail(field, 'must be an object with server, protocol, tool and result or template.');
	for (const key of ['server', 'tool'] as const) {
		if (typeof value[key] !== 'string' || !value[key]) fail(`${field}.${key}`, 'must be a non-empty string.');
	}
	if (!protocols.includes(value.protocol as ToolProtocol))
		fail(`${field}.protocol`, `must be one of ${protocols.join(', ')}.`);
	if (value.template !== undefined && typeof value.template !== 'string')
		fail(`${field}.template`, 'must be a string.');
	if (value.result === undefined && value.template === undefined)
		fail(`${field}.result`, 'a mock needs a result or a template.');
	if (value.isError !== undefined && typeof value.isError !== 'boolean')
		fail(`${field}.isError`, 'must be true or false.');
	return {
		server: value.server as string,
		protocol: value.protocol as ToolProtocol,
		tool: value.tool as string,
		...(value.template !== undefined ? { template: value.template as string } : { result: value.result }),
		...(value.isError ? { isError: true } : {})
	};
}

/** Parses an exported scenario (text or value). */
export function parseScenario(input: unknown): MockScenario {
	let value = input;
	if (typeof input === 'string') {
		try {
			value = JSON.parse(input);
		} catch (error) {
			fail('scenario', `is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
		}
	}
	if (!isPlainObject(value) || value.format !== 'autoui-mock-scenario')
		fail('format', 'must be "autoui-mock-scenario" (a file exported from the mocks panel).');
	if (value.version !== 1) fail('version', `must be 1, not ${JSON.stringify(value.version)}.`);
	if (!Array.isArray(value.mocks)) fail('mocks', 'must be a list.');
	const name = typeof value.name === 'string' && value.name.trim() ? value.name.trim() : 'Scenario';
	return {
		format: 'autoui-mock-scenario',
		version: 1,
		name,
		mocks: value.mocks.map((mock, index) => parseMock(mock, `mocks[${index}]`))
	};
}

/** A scenario of the given mocks. */
export function toScenario(name: string, mocks: readonly ToolMock[]): MockScenario {
	return { format: 'autoui-mock-scenario', version: 1, name: name.trim() || 'Scenario', mocks: [...mocks] };
}
