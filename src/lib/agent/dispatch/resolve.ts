/**
 * Step "resolve": what a tool_use stands for. The name goes alias → registry → entry (an
 * unknown name is answered with the names that exist); the model's arguments are mapped back
 * to the tool's own shape (`restoreArgs`) and validated against its input schema.
 */
import { isPlainObject, safeStringify, truncateText } from '$lib/shared';
import { adaptedEntry, RECALL_ARGS_SCHEMA } from '../tools/catalog';
import { isRecallEntry, type RegistryEntry, type ToolRegistry } from '../tools/registry';
import type { ToolUseBlock } from '../types';
import { validateArgs } from '../validate';
import { failure, type DispatchContext, type Outcome } from './context';

/** "Unknown tool" with the names the model can use (the server's own when the prefix is known). */
export function unknownToolMessage(registry: ToolRegistry, name: string, offered: ReadonlySet<string>): string {
	const server = [...registry.servers]
		.sort((a, b) => b.prefix.length - a.prefix.length)
		.find((candidate) => name.startsWith(candidate.prefix));
	if (server) {
		const names = (registry.toolsByServer.get(server.key) ?? []).map((entry) => entry.name);
		const shown = names.slice(0, 40).join(', ');
		return `Unknown tool "${name}": ${server.layer.serverName} has no such tool. Its tools: ${shown}${names.length > 40 ? `, … (${names.length - 40} more; use ${server.prefix}search_tools)` : ''}.`;
	}
	const names = [...offered];
	return `Unknown tool "${name}". Available tools: ${names.slice(0, 60).join(', ')}${names.length > 60 ? `, … (${names.length - 60} more)` : ''}.`;
}

/** The outcome of a name the registry does not know. */
export function unknownTool(ctx: DispatchContext, name: string): Outcome {
	const gone = ctx.catalog.registry.gone?.get(name);
	if (gone) return failure('view_gone', gone);
	return failure('unknown_tool', unknownToolMessage(ctx.catalog.registry, name, ctx.offered));
}

/**
 * The call's arguments as the tool takes them, or the error the model reads: arguments that
 * were not JSON, or that do not match the tool's schema (details and the expected schema).
 */
export function readArguments(
	ctx: DispatchContext,
	entry: RegistryEntry,
	block: ToolUseBlock
): { args: Record<string, unknown> } | { outcome: Outcome } {
	const adapted = adaptedEntry(ctx.catalog, entry);
	if (block.invalidArguments) {
		const { raw, error } = block.invalidArguments;
		const message = `The arguments of ${block.name} were not valid JSON (${error}). Call it again with one JSON object that matches the schema.`;
		return {
			outcome: failure(
				'invalid_argument',
				message,
				safeStringify({ error: message, received: truncateText(raw, 500), expected_schema: adapted.schema })
			)
		};
	}
	const args = adapted.restoreArgs(isPlainObject(block.input) ? block.input : {});
	const schema = isRecallEntry(entry)
		? RECALL_ARGS_SCHEMA
		: entry.kind === 'tool'
			? entry.tool.inputSchema
			: adapted.schema;
	const details = validateArgs(schema, args, ctx.state.validators);
	if (!details.length) return { args };
	const text = safeStringify({
		error: 'Validation failed',
		tool: block.name,
		details,
		expected_schema: adapted.schema
	});
	return {
		outcome: failure(
			'validation_failed',
			`Invalid arguments for ${block.name}: ${details.map((detail) => `${detail.path} ${detail.message}`).join('; ')}`,
			text
		)
	};
}
