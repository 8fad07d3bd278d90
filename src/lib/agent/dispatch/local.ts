/**
 * Step "answer locally": what the dispatcher answers without a server — the `list_tools` /
 * `search_tools` pseudo-tools (the tools they name become callable next request) and recall —
 * and the lazy-discovery bookkeeping: a server's first real call activates all its tools.
 */
import { isBlocked } from '../policy';
import { answerPseudoTool } from '../tools/pseudo-tools';
import type { RegistryEntry } from '../tools/registry';
import type { DispatchContext, Outcome } from './context';
import { answerRecall } from './recall';

type ToolEntry = Extract<RegistryEntry, { kind: 'tool' }>;
type PseudoEntry = Extract<RegistryEntry, { kind: 'pseudo' }>;

/** A discovery call: a pseudo-tool or one of the server's recipe (canonical) tools. */
export function isDiscovery(entry: RegistryEntry): boolean {
	if (entry.kind === 'pseudo') return true;
	if (entry.kind !== 'tool') return false;
	return Object.values(entry.server.canonical.roles).some((match) => match?.tool === entry.tool.name);
}

/** Records the tools a pseudo-tool answer named, callable from the next request. */
function expose(ctx: DispatchContext, entry: PseudoEntry, names: string[]): void {
	if (!ctx.lazy || ctx.state.activeServers.has(entry.server.key)) return;
	const added = names.filter((name) => !ctx.offered.has(name) && !ctx.state.exposedTools.has(name));
	for (const name of added) ctx.state.exposedTools.add(name);
	if (added.length) {
		const { layer } = entry.server;
		ctx.emit({
			type: 'activation',
			iteration: ctx.iteration,
			server: layer.serverName,
			protocol: layer.protocol,
			tools: added,
			scope: 'tools'
		});
	}
}

/** Answers a pseudo-tool or recall call (the entries that are not a server's tool to run). */
export function answerLocally(ctx: DispatchContext, entry: RegistryEntry, args: Record<string, unknown>): Outcome {
	if (entry.kind === 'pseudo') {
		const answer = answerPseudoTool(
			ctx.catalog,
			entry,
			args,
			(tool) => !isBlocked(ctx.policy, tool.name, tool.tool.name)
		);
		expose(ctx, entry, answer.exposed);
		return { ok: true, text: answer.text, store: true };
	}
	return answerRecall(ctx.state, args, ctx.policy.maxResultChars - 300);
}

/** Activates a server on its first real call (lazy discovery), once per session. */
export function activate(ctx: DispatchContext, entry: ToolEntry): void {
	const { key, layer } = entry.server;
	if (!ctx.lazy || ctx.state.activeServers.has(key)) return;
	ctx.state.activeServers.add(key);
	const added = (ctx.catalog.registry.toolsByServer.get(key) ?? [])
		.map((tool) => tool.name)
		.filter((name) => !ctx.offered.has(name) && !ctx.state.exposedTools.has(name));
	ctx.emit({
		type: 'activation',
		iteration: ctx.iteration,
		server: layer.serverName,
		protocol: layer.protocol,
		tools: added,
		scope: 'server'
	});
}
