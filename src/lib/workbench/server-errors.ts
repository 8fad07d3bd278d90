/**
 * A thrown MCP error as the workbench shows it: JSON-RPC errors keep their numeric code and
 * data; anything else is a local or transport failure with its message.
 */
import { errorMessage, isPlainObject } from '$lib/shared';

/** An error ready for display. */
export interface ShownError {
	message: string;
	code?: string;
	data?: unknown;
}

/** Reads code, message and data off a thrown error (an SDK `McpError` or any other). */
export function describeError(error: unknown): ShownError {
	if (isPlainObject(error) || error instanceof Error) {
		const record = error as unknown as Record<string, unknown>;
		const code = typeof record.code === 'number' || typeof record.code === 'string' ? String(record.code) : undefined;
		return { message: errorMessage(error), code, data: record.data };
	}
	return { message: errorMessage(error) };
}
