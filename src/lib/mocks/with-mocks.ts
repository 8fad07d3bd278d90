/**
 * Puts mocks in front of a tool server: a mocked tool is answered from its mock (the server
 * is not called) and the result is marked `mocked`, so the console and the chat can say so;
 * every other call goes to the server unchanged.
 */
import type { CallOptions, ToolCallResult, ToolServer } from '$lib/shared';
import type { ToolMock } from './mock-set';

/** Finds the mock of a tool, if any. */
export type MockLookup = (server: string, protocol: ToolServer['protocol'], tool: string) => ToolMock | undefined;

/** The mock's answer to one call. */
export async function answerFromMock(mock: ToolMock, args: Record<string, unknown>): Promise<ToolCallResult> {
	const { mockResult } = await import('./template');
	const result = mockResult({ result: mock.result, template: mock.template }, args);
	return { ...result, ...(mock.isError ? { isError: true } : {}), mocked: true };
}

/** `server` with mocks in front; the same object when `find` knows no mock of it. */
export function withMocks(server: ToolServer, find: MockLookup): ToolServer {
	return {
		name: server.name,
		protocol: server.protocol,
		listTools: (options) => server.listTools(options),
		async callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<ToolCallResult> {
			const mock = find(server.name, server.protocol, name);
			return mock ? answerFromMock(mock, args) : server.callTool(name, args, options);
		},
		...(server.resumeTask ? { resumeTask: server.resumeTask.bind(server) } : {})
	};
}
