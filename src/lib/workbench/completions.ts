/**
 * Argument completions (MCP `completion/complete`) for the prompts and resource-template
 * forms: what the server suggests for one field, given the values filled in so far.
 */
import type { McpConnection } from '$lib/mcp';

/** What is being completed: a prompt by name, or a resource template by its URI template. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/**
 * The values the server suggests for field `name` holding `value`, or undefined when it does
 * not offer completions or refuses: they are a convenience, and a field without them stays plain.
 */
export async function suggestValues(
	connection: McpConnection | undefined,
	ref: CompletionRef,
	name: string,
	value: string,
	filled: Record<string, string>
): Promise<string[] | undefined> {
	if (!connection?.serverCapabilities?.completions) return undefined;
	try {
		const result = await connection.withClient((client) =>
			client.complete({ ref, argument: { name, value }, context: { arguments: { ...filled } } })
		);
		return result.completion.values;
	} catch {
		return undefined;
	}
}
