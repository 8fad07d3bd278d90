// The page's parts lent to the eval runner (src/lib/evals): conversations, the model under
// test, the servers, the canvas and the direct-call path. Composition only.
import type { EvalHost } from '$lib/evals/page-runner';
import type { EvalModel } from '$lib/evals/types';
import { computeStatus, toProviderConfig } from '$lib/chat/settings/settings-model';
import type { ProviderConfig } from '$lib/agent/providers';
import type { createAppWiring } from './app-wiring.svelte';

type App = ReturnType<typeof createAppWiring>;

/** The ProviderConfig of an eval model, with the key the user gave for that endpoint (or the server's). */
function configFor(app: App, model: EvalModel): ProviderConfig {
	const { settings } = app;
	const chosen = { ...settings.settings, provider: model.provider, baseUrl: model.baseUrl ?? '', model: model.id };
	// A link's or the flags' endpoint for this run only; the saved settings stay as they are.
	if (model.provider === settings.provider && !model.baseUrl) chosen.baseUrl = settings.baseUrl;
	return toProviderConfig(chosen, settings.keyFor(chosen), settings.serverKeys);
}

/** Builds the host over the app's wiring. */
export function createEvalHost(app: App): EvalHost {
	const { conversationList, switcher, session, canvasSession, mcp, hub, evalRun } = app;
	const sameUrl = (a: string, b: string) => {
		try {
			return new URL(a).href === new URL(b).href;
		} catch {
			return a === b;
		}
	};
	return {
		ready: () => app.settings.loadServerConfig(),
		currentConversation: () => conversationList.current,
		async newConversation() {
			await switcher.whenIdle();
			await switcher.create();
			return conversationList.current;
		},
		openConversation: (id) => switcher.open(id),
		renameConversation: (id, title) => conversationList.rename(id, title),
		useModel(model, options = {}) {
			evalRun.config = model ? configFor(app, model) : undefined;
			evalRun.maxIterations = model ? options.maxIterations : undefined;
			evalRun.toolChoice = model ? options.toolChoice : undefined;
		},
		modelProblem(model) {
			const status = computeStatus(configFor(app, model), null);
			return status.state === 'not-configured' ? `${model.provider}:${model.id}: ${status.detail}` : null;
		},
		send: async (text) => {
			await switcher.whenIdle();
			await session.send(text);
		},
		stop: () => session.stop(),
		tap(listener) {
			evalRun.listeners.add(listener);
			return () => evalRun.listeners.delete(listener);
		},
		widgets: () => canvasSession.store.widgets,
		events: () => session.events,
		toolOf(name) {
			const entry = hub.registry.entries.get(name);
			return entry?.kind === 'tool' ? { server: entry.server.layer.serverName, tool: entry.tool.name } : undefined;
		},
		serverUrl: (name) => mcp.connections.find((connection) => connection.name === name)?.url,
		async connect(urls) {
			const missing = urls.filter((url) => !mcp.servers.some((entry) => sameUrl(entry.config.url, url)));
			if (missing.length) mcp.fromUrlParam(missing.join(','));
			await mcp.settled();
			await hub.ready();
		},
		server({ name, url }) {
			const entry = mcp.servers.find((candidate) =>
				url
					? sameUrl(candidate.config.url, url)
					: name === 'datasets'
						? candidate.config.builtin
						: candidate.config.name === name
			);
			if (!entry) return undefined;
			const connected = entry.runtime.status === 'connected';
			const serverName =
				mcp.connections.find((connection) => sameUrl(connection.url, entry.config.url))?.name ?? entry.config.name;
			return { name: serverName, connected, detail: connected ? '' : (entry.runtime.error ?? entry.runtime.status) };
		},
		toolName: (server, tool) =>
			[...hub.registry.entries.values()].find(
				(entry) => entry.kind === 'tool' && entry.server.layer.serverName === server && entry.tool.name === tool
			)?.name,
		async callTool(request) {
			await hub.ready();
			return session.callTool(request);
		}
	};
}
