/**
 * An in-memory ToolServer for tests: tools with handlers, every call recorded (name, args,
 * start and end times), optional latency, and signal-aware handlers.
 */
import type { CallOptions, ToolCallResult, ToolDefinition, ToolServer } from '$lib/shared';
import { sleep } from '$lib/shared';
import type { DisplayCapability } from '../types';

/** A test tool: its definition plus what it does. */
export interface MemoryTool extends ToolDefinition {
	/** For a WebMCP server: the tool shows its result on the canvas (see `WebMcpToolDef`). */
	display?: DisplayCapability;
	handler?: (
		args: Record<string, unknown>,
		options: CallOptions
	) => Promise<ToolCallResult | unknown> | ToolCallResult | unknown;
}

/** One recorded call. */
export interface RecordedCall {
	name: string;
	args: Record<string, unknown>;
	startedAt: number;
	endedAt?: number;
}

/** The server plus its call log. */
export interface MemoryToolServer extends ToolServer {
	readonly calls: RecordedCall[];
	readonly definitions: ToolDefinition[];
}

function isToolCallResult(value: unknown): value is ToolCallResult {
	return typeof value === 'object' && value !== null && Array.isArray((value as ToolCallResult).content);
}

/**
 * Creates an in-memory server. A handler's plain return value is wrapped as a text result
 * (strings as is, anything else as JSON); a thrown error propagates like a failed transport.
 */
export function createMemoryToolServer(
	name: string,
	protocol: 'mcp' | 'webmcp',
	tools: MemoryTool[]
): MemoryToolServer {
	const calls: RecordedCall[] = [];
	const definitions = tools.map(({ handler: _handler, ...definition }) => definition);
	return {
		name,
		protocol,
		calls,
		definitions,
		async listTools() {
			return definitions;
		},
		async callTool(toolName, args, options = {}) {
			const record: RecordedCall = { name: toolName, args, startedAt: Date.now() };
			calls.push(record);
			try {
				const tool = tools.find((candidate) => candidate.name === toolName);
				if (!tool) return { content: [{ type: 'text', text: `No tool ${toolName}` }], isError: true };
				const value = await (tool.handler ?? (() => ({ ok: true })))(args, options);
				if (isToolCallResult(value)) return value;
				return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] };
			} finally {
				record.endedAt = Date.now();
			}
		}
	};
}

/** Resolves after `ms`, or rejects when the signal aborts (like a well-behaved transport). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
	return sleep(ms, signal, (aborted) => (aborted.reason instanceof Error ? aborted.reason : new Error('aborted')));
}
