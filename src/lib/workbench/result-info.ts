/**
 * Reading a call's outcome like a developer: what kind of failure it was (a tool's `isError`
 * result versus a JSON-RPC or transport error), how big it was, and whether its
 * `structuredContent` matches the tool's `outputSchema` (with the failing paths).
 */
import { Validator } from '@cfworker/json-schema';
import { validateArgs } from '$lib/agent/validate';
import { safeStringify, type ToolDefinition } from '$lib/shared';
import type { CallOutcome } from './types';

/** How a call ended, for the result header. */
export type OutcomeKind = 'success' | 'tool-error' | 'protocol-error';

/** The kind of an outcome: a result with `isError` is the tool's own failure; no result is a protocol/transport one. */
export function outcomeKind(outcome: CallOutcome): OutcomeKind {
	if (!outcome.result) return 'protocol-error';
	return outcome.result.isError ? 'tool-error' : 'success';
}

/** Bytes of a value once serialised as JSON (UTF-8). */
export function byteSize(value: unknown): number {
	return new TextEncoder().encode(safeStringify(value)).length;
}

/** "812 B", "14.2 kB", "3.1 MB". */
export function formatBytes(bytes: number): string {
	if (bytes < 1000) return `${bytes} B`;
	if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
	return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** One mismatch between structuredContent and the output schema. */
export interface OutputProblem {
	path: string;
	message: string;
}

const validators = new WeakMap<object, Validator | null>();

/**
 * Checks a successful result's `structuredContent` against the tool's `outputSchema`.
 * Returns `undefined` when there is nothing to check, `[]` when it matches.
 */
export function checkOutput(tool: ToolDefinition | undefined, outcome: CallOutcome): OutputProblem[] | undefined {
	if (!tool?.outputSchema || !outcome.result || outcome.result.isError) return undefined;
	if (outcome.result.structuredContent === undefined) {
		return [{ path: '/', message: 'The tool declares an outputSchema but returned no structuredContent.' }];
	}
	return validateArgs(tool.outputSchema, outcome.result.structuredContent, validators);
}
