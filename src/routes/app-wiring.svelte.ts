// The app's long-lived objects and how they are wired to each other; the page composes them.
import { setContext } from 'svelte';
import { ThemeStore } from '$lib/ui';
import { SettingsStore } from '$lib/chat/settings/settings-store.svelte';
import { AgentPreferences } from '$lib/chat/settings/agent-preferences.svelte';
import { ProtocolLog } from '$lib/console/protocol-log.svelte';
import { createCanvasSession } from '$lib/canvas/canvas-session';
import { autoui } from '$lib/webmcp/autoui';
import { McpServerList } from '$lib/mcp/servers/server-list.svelte';
import { LinkServerOffer } from '$lib/mcp/servers/link-servers.svelte';
import { ReactiveToolHub } from '$lib/tool-hub/tool-hub.svelte';
import { connectionListSource, serverSource } from '$lib/tool-hub/sources';
import type { HttpToolSource } from '$lib/http-tools/tool-source';
import type { MockSource } from '$lib/mocks/tool-source';
import type { DataFiles } from '$lib/files/data-files.svelte';
import { LazyServerRequests } from '$lib/workbench/lazy-server-requests.svelte';
import { AgentSession } from '$lib/agent/session/session.svelte';
import type { LlmProvider, ProviderConfig } from '$lib/agent/providers';
import type { AgentEvent } from '$lib/agent/events';
import type { WidgetAction } from '$lib/widgets/types';
import { AutoUiError, openKeyValueStore } from '$lib/shared';
import { ConversationList } from '$lib/conversations/conversation-list.svelte';
import { createConversationSwitcher } from '$lib/conversations/conversation-switcher';
import { lazyMcpAppsHost, type PageAppsHost } from '$lib/mcp-apps/lazy-apps-host';
import { mcpAppsContextKey } from '$lib/mcp-apps/context';
import { ViewToolSource } from '$lib/mcp-apps/view-tools';

/** What an eval run sets for its turns (see routes/eval-host.ts): the model, loop options, event listeners. */
export interface EvalRunOverride {
	config?: ProviderConfig;
	maxIterations?: number;
	toolChoice?: 'auto' | 'required' | 'none';
	listeners: Set<(event: AgentEvent) => void>;
}

/** Builds the app's sessions, tool hub and server requests; call during the page's initialisation. */
export function createAppWiring() {
	// The provider code loads with the first turn, test or sampling request, not with the page.
	const providers = () => import('$lib/agent/providers');
	const createProvider = async (config: ProviderConfig): Promise<LlmProvider> =>
		(await providers()).createProvider(config);
	const theme = new ThemeStore();
	const settings = new SettingsStore();
	const preferences = new AgentPreferences();
	// A shared canvas opened "on its own" becomes a new conversation; the user's stays as it was.
	const canvasSession = createCanvasSession({ server: autoui, apart: { open: (title) => openApart(title) } });
	// A2UI surfaces (an AG-UI agent's activities, MCP a2ui resources) become `a2ui` widgets; the
	// code loads with the first such event, not with the page.
	let aguiActivities: Promise<{ event(event: AgentEvent): void; showState(state: unknown): void }> | undefined;
	const activities = () =>
		(aguiActivities ??= import('$lib/chat/agui-activities').then(
			({ AguiActivities }) =>
				new AguiActivities(() => canvasSession.callbacks, {
					ready: () => canvasSession.validator.load(),
					onProblem: (message) => canvasSession.store.notify('error', message)
				})
		));
	/** The AG-UI agent's run endpoint while one is the chosen provider. */
	const agentInCharge = () => (settings.provider === 'agui' ? settings.config.baseUrl?.trim() || undefined : undefined);
	const showSurfaces = (event: AgentEvent) => {
		const shown =
			event.type === 'surface-update' ||
			event.type === 'state-change' ||
			event.type === 'view-open' ||
			(event.type === 'tool-result' && !!event.surfaces?.length);
		if (!shown) return;
		void activities().then((loaded) => loaded.event(event));
	};
	/** The agent's shared state as a live `json` widget (the console's button on a STATE entry). */
	const showAgentState = (state: unknown) => void activities().then((loaded) => loaded.showState(state));
	const kv = openKeyValueStore();
	const notifyStorage = (message: string) => canvasSession.store.notify('error', message);
	// Every tool source registers here, in the order the agent sees them: autoui first (a server
	// connected later appends its tools, keeping the cached prompt prefix), mocks last (in front of all).
	const hub = new ReactiveToolHub({ onError: notifyStorage });
	hub.register(serverSource(autoui));
	// Answers servers' sampling, elicitation and roots requests; created first so every
	// connection advertises (only) what it handles. Its code loads beside the page.
	const serverRequests = new LazyServerRequests({
		// The sampler loads with the first sampling request.
		sample: async (params, signal) =>
			(await import('$lib/workbench/sampling')).createSampler(async () => {
				if (settings.status.state === 'not-configured')
					throw new AutoUiError('provider_auth', 'No LLM is configured; open Settings, or type the answer.');
				return createProvider(settings.config);
			})(params, signal),
		canSample: () => settings.status.state !== 'not-configured',
		storage: globalThis.localStorage,
		// Requests, answers and log messages are console entries and part of exported traces.
		onEvent: (event) => session.record(event),
		onRootsChanged: (server) =>
			void mcp.connections
				.find((connection) => connection.name === server)
				?.withClient((client) => client.sendRootsListChanged())
				.catch(() => undefined)
	});
	const protocolLog = new ProtocolLog();
	const mcp = new McpServerList({
		clientHandlers: (server) => serverRequests.handlersFor(server),
		onWireMessage: protocolLog.record,
		connection: { preferTasks: () => preferences.values.preferTasks }
	});
	// MCP Apps: a call of a tool with a View opens it on the canvas (mcpApps.observe).
	hub.register(
		connectionListSource({ id: 'mcp', kind: 'mcp', list: mcp, observe: (connection) => mcpApps.observe(connection) })
	);
	// Servers named by a link connect only after the user agrees (LinkServersPrompt).
	const linkServers = new LinkServerOffer(mcp);
	linkServers.offer(new URL(location.href).searchParams.get('mcp'), 'mcp');
	// REST APIs as tools, after the first paint (sets come from IndexedDB); a `?tools=` link waits for consent.
	let httpTools = $state.raw<HttpToolSource | undefined>(undefined);
	const toolsLink = new URL(location.href).searchParams.get('tools');
	hub.register(
		import('$lib/http-tools/tool-source').then(
			async ({ openHttpTools }) => (httpTools = await openHttpTools({ store: kv, onError: notifyStorage }, toolsLink))
		)
	);
	// The tools live MCP App Views provide (`<server>_app_<tool>`), while their widgets live.
	const viewTools = new ViewToolSource();
	hub.register(viewTools);
	// Files added on this device (the `files` server, DuckDB-WASM on first use), after the first paint.
	let files = $state.raw<DataFiles | undefined>(undefined);
	const filesReady = import('$lib/files/data-files.svelte').then(({ DataFiles }) => (files = new DataFiles({ kv })));
	hub.register(filesReady.then((loaded) => loaded.source));
	// Mocked tools answer from their mock instead of their server (agent, workbench, live widgets).
	let mocks = $state.raw<MockSource | undefined>(undefined);
	hub.register(import('$lib/mocks/tool-source').then(({ MockSource }) => (mocks = new MockSource())));
	const conversationList = new ConversationList({ kv, onError: notifyStorage });
	// The servers a turn waits for before it builds its tools (the chat shows them as connecting).
	let waitingServers = $state.raw<readonly string[]>([]);
	// Evals: the model under test and its loop options replace the settings' for the runs' turns.
	const evalRun: EvalRunOverride = { listeners: new Set() };

	const session = new AgentSession({
		async provider(signal) {
			// Sources still loading (the HTTP sets, mocks) and the registry code, within a bound.
			await hub.ready();
			if (evalRun.config) {
				const config = evalRun.config;
				await hub.settle({ signal });
				return createProvider(config);
			}
			if (settings.status.state === 'not-configured') {
				throw new AutoUiError(
					'provider_auth',
					`No LLM is ready (${settings.status.detail}) — open Settings to choose a provider, model and key.`
				);
			}
			// Servers still connecting (the datasets server on a cold start) join this turn, within a bound.
			if (hub.connecting.length) {
				waitingServers = hub.connecting;
				await hub.settle({ signal }).finally(() => (waitingServers = []));
			}
			return createProvider(settings.config);
		},
		tools: () => hub.catalog(),
		ui: canvasSession.callbacks,
		loopOptions: () => ({
			schemaProfile: settings.provider === 'anthropic' || settings.provider === 'openai' ? settings.provider : 'strict',
			lazy: preferences.values.lazyTools,
			flatten: preferences.values.flattenParams,
			policy: {
				approval: preferences.values.approval,
				toolChoice: evalRun.toolChoice ?? preferences.values.toolChoice
			},
			...(evalRun.maxIterations ? { maxIterations: evalRun.maxIterations } : {})
		}),
		store: kv,
		storageKey: conversationList.keys.chat,
		answerable: (requestId) => serverRequests.request(requestId) !== undefined,
		onSaveError: notifyStorage,
		onEvent(event) {
			// The first question names the conversation; every turn moves it to the top of the list.
			if (event.type === 'turn-start') conversationList.touch(conversationList.current, event.text);
			// The LLM pill shows a provider failure until a turn succeeds or the settings change.
			if (event.type === 'error' && event.code.startsWith('provider_')) settings.reportError(event.message);
			else if (event.type === 'done' && event.reason === 'end_turn') settings.clearError();
			// MCP Apps: a View opens while the model still writes its call, and sees the input stream in.
			mcpApps.agentEvent(event);
			showSurfaces(event);
			for (const listener of evalRun.listeners) listener(event);
		}
	});

	// MCP Apps: servers' own views as canvas widgets (`mcp-app`), on the sandbox origin; the
	// host's code loads beside the page.
	const mcpApps: PageAppsHost = lazyMcpAppsHost({
		connections: () => mcp.connections,
		serverConnected: (server) => mcp.connections.some((connection) => connection.name === server),
		tools: hub,
		callTool: session.callTool,
		canvas: canvasSession,
		send: (text) => void switcher.whenIdle().then(() => session.send(text)),
		busy: () => session.busy,
		record: session.record,
		theme: () => theme.resolved,
		viewTools,
		// "Allow for this server" on a refused View: kept with the servers (revoked in their rows).
		viewGrants: mcp.viewGrants,
		// A View an AG-UI agent sent loads through that agent's MCP Apps middleware (its code
		// loads with the first request), only while that agent is the one in charge.
		agentProxy: (via) =>
			agentInCharge() === via.agent
				? {
						agent: via.agent,
						request: (...request) =>
							providers().then((loaded) => loaded.proxiedMcpRequest(settings.config, via, ...request))
					}
				: undefined
	});
	setContext(mcpAppsContextKey, mcpApps);
	// Where the browser has WebMCP, Views' tools are offered there too (each View's own signal).
	if (typeof document !== 'undefined' && 'modelContext' in document)
		void import('$lib/mcp-apps/view-tools-mirror').then(({ mirrorViewTools }) =>
			mirrorViewTools(viewTools, {
				run: async (name, args) => {
					await hub.ready();
					const outcome = await session.callTool({ tool: name, args, origin: 'manual' });
					return (
						outcome.result ?? { content: [{ type: 'text', text: outcome.error ?? 'The call failed.' }], isError: true }
					);
				},
				onError: notifyStorage
			})
		);
	// Views of removed widgets get ui/resource-teardown before the canvas drops their frames.
	$effect.pre(() => mcpApps.retain(canvasSession.store.widgets));
	$effect(() => {
		void theme.resolved;
		mcpApps.themeChanged();
	});
	// A2UI actions go back to where their surface came from (an MCP server's action tool), else
	// to the chat; the routing code loads with the first action.
	const widgetAction = (message: string, action?: WidgetAction) => {
		const record = action?.widgetId
			? canvasSession.store.widgets.find((widget) => widget.id === action.widgetId)
			: undefined;
		if (!action || record?.type !== 'a2ui') return void session.send(message);
		void import('$lib/chat/a2ui-actions').then(({ routeAction, surfaceOrigin }) =>
			routeAction(message, action, surfaceOrigin(record.params), {
				toolName: (server, tool) =>
					[...hub.registry.entries.values()].find(
						(entry) => entry.kind === 'tool' && entry.server.layer.serverName === server && entry.tool.name === tool
					)?.name,
				callTool: async (request) => {
					await hub.ready();
					return session.callTool(request);
				},
				send: (text) => void session.send(text)
			})
		);
	};
	// Live widgets fetch through the agent's direct-call path (console entries, policy, approvals).
	canvasSession.attachCaller(async (request) => {
		await hub.ready();
		return session.callTool(request);
	});
	const switcher = createConversationSwitcher({
		list: conversationList,
		chat: session,
		canvas: canvasSession,
		notify: (kind, message) => canvasSession.store.notify(kind, message, undefined, { subject: 'conversations' })
	});
	/**
	 * The user accepted a link's agent: it applies for this visit, and a different endpoint gets
	 * a new conversation, so the earlier one (kept in the list) is never replayed to it.
	 */
	async function acceptAgentLink(): Promise<void> {
		const offer = settings.acceptLink();
		if (!offer?.newEndpoint) return;
		await switcher.whenIdle();
		const item = conversationList.items.find((candidate) => candidate.id === conversationList.current);
		if (!item || !(item.titled || item.updatedAt > item.createdAt)) return;
		const leftTitle = item.title;
		await switcher.create();
		canvasSession.store.notify(
			'info',
			`A new conversation started for the agent at ${offer.host}; “${leftTitle}” stays in your conversations and was not sent to it.`,
			undefined,
			{ subject: 'conversations' }
		);
	}

	async function openApart(title: string) {
		const left = conversationList.current;
		const leftTitle = conversationList.items.find((item) => item.id === left)?.title ?? 'your conversation';
		await switcher.create();
		if (conversationList.current === left)
			throw new AutoUiError('internal', 'a new conversation could not be started; your canvas is unchanged.');
		conversationList.rename(conversationList.current, title);
		return { left: leftTitle, back: () => switcher.open(left) };
	}

	return {
		theme,
		settings,
		preferences,
		canvasSession,
		hub,
		serverRequests,
		protocolLog,
		mcp,
		linkServers,
		get httpTools() {
			return httpTools;
		},
		get mocks() {
			return mocks;
		},
		get files() {
			return files;
		},
		filesReady,
		conversationList,
		session,
		mcpApps,
		switcher,
		/** Servers the running turn waits for before it starts (empty otherwise). */
		get waitingServers() {
			return waitingServers;
		},
		widgetAction,
		showAgentState,
		acceptAgentLink,
		evalRun
	};
}
