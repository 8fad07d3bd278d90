/**
 * A2UI surfaces that arrive beside the conversation become `a2ui` canvas widgets: a remote
 * AG-UI agent's `a2ui-surface` activities (updated in place as the activity changes) and MCP
 * tool results that embed an `application/a2ui+json` (or `a2ui://`) resource. Each widget
 * records where it came from (`origin`), so a button press goes back there (a2ui-actions.ts).
 */
import type { AgentEvent, UiCallbacks } from '$lib/agent';
import type { SurfaceOrigin } from './a2ui-actions';

/** The A2UI messages an activity carries: `operations` (the AG-UI middleware), `messages`, or a list. */
export function activityMessages(content: unknown): Array<Record<string, unknown>> | undefined {
	const holder = content && typeof content === 'object' ? (content as Record<string, unknown>) : {};
	const list = Array.isArray(content)
		? content
		: Array.isArray(holder.operations)
			? holder.operations
			: Array.isArray(holder.messages)
				? holder.messages
				: undefined;
	return list?.filter(
		(item): item is Record<string, unknown> => !!item && typeof item === 'object' && !Array.isArray(item)
	);
}

const resourceHeader = /^\[resource (\S+)(?: \(([^)]*)\))?\]$/gm;

/**
 * The A2UI messages of the embedded resources in a tool result as the model reads it
 * (`[resource <uri> (<mimeType>)]` then the resource's text; see agent/results.ts).
 */
export function resultSurfaces(result: string): Array<Array<Record<string, unknown>>> {
	const headers = [...result.matchAll(resourceHeader)];
	const surfaces: Array<Array<Record<string, unknown>>> = [];
	headers.forEach((header, index) => {
		const [, uri, mimeType] = header;
		if (!uri.startsWith('a2ui://') && mimeType?.replace(/\s+/g, '').toLowerCase() !== 'application/a2ui+json') return;
		const start = header.index + header[0].length + 1;
		const body = result.slice(start, headers[index + 1]?.index ?? result.length).trim();
		const messages = activityMessages(parseLeadingJson(body));
		if (messages?.length) surfaces.push(messages);
	});
	return surfaces;
}

/**
 * The `mcp-app` widget params of an `mcp-apps` activity's content, when it names a View. With
 * the `agent` that sent it and the middleware's `serverHash`, the params keep `via`, so the
 * View can load through that agent when the app has no connection to the server.
 */
export function mcpAppParams(content: unknown, agent?: string): Record<string, unknown> | undefined {
	const value = (content && typeof content === 'object' ? content : {}) as Record<string, unknown>;
	const resource = typeof value.resourceUri === 'string' ? value.resourceUri : '';
	const server = [value.serverId, value.serverName, value.serverHash].find(
		(name): name is string => typeof name === 'string' && name.trim() !== ''
	);
	if (!resource.startsWith('ui://') || !server) return undefined;
	const tool = [value.toolName, value.tool].find((name): name is string => typeof name === 'string' && name !== '');
	const plain = (item: unknown) => (item && typeof item === 'object' && !Array.isArray(item) ? item : undefined);
	const result = plain(value.result);
	const serverHash = typeof value.serverHash === 'string' ? value.serverHash.slice(0, 200) : '';
	const serverId = typeof value.serverId === 'string' && value.serverId ? value.serverId.slice(0, 200) : undefined;
	const via =
		agent && serverHash ? { agent: agent.slice(0, 2000), serverHash, ...(serverId ? { serverId } : {}) } : undefined;
	return {
		server: server.slice(0, 200),
		tool: (tool ?? resource.slice('ui://'.length).split('/')[0] ?? 'tool').slice(0, 200) || 'tool',
		resource: resource.slice(0, 2000),
		toolInput: plain(value.toolInput) ?? {},
		...(result ? { toolResult: result } : {}),
		...(via ? { via } : {}),
		title: `${tool ?? 'MCP App'} · ${server}`.slice(0, 200)
	};
}

/**
 * The JSON a resource's text holds, when parts follow it in the result (the next content
 * part, the app's result note): the whole body, else the body up to one of its last few blank
 * lines. A cut-off or malformed resource gives undefined and is not drawn.
 */
function parseLeadingJson(body: string): unknown {
	let end = body.length;
	for (let tries = 0; tries < 8 && end > 0; tries++) {
		try {
			return JSON.parse(body.slice(0, end)) as unknown;
		} catch {
			end = body.lastIndexOf('\n\n', end - 1);
		}
	}
	return undefined;
}

/** Turns A2UI activities and resources into widgets through the canvas callbacks. */
export class AguiActivities {
	readonly #ui: () => UiCallbacks;
	readonly #ready: () => Promise<void>;
	readonly #onProblem: (message: string) => void;
	readonly #agent: () => string | undefined;
	readonly #widgets = new Map<string, string>();
	/** The `json` widget showing the agent's shared state, once the user asked for it. */
	#stateWidget: string | undefined;
	/** The agent's state as the last STATE event left it. */
	#state: { value: unknown } | undefined;
	#turnId = '';
	/** Draws in arrival order, each after the widget validators have loaded. */
	#queue: Promise<void> = Promise.resolve();

	/**
	 * `ready` resolves once widgets can be validated (the canvas validator's `load`);
	 * `onProblem` hears a surface the canvas refused; `agent` is the AG-UI agent's URL while
	 * one is in charge (the agent an `mcp-apps` View loads through).
	 */
	constructor(
		ui: () => UiCallbacks,
		options: {
			ready?: () => Promise<void>;
			onProblem?: (message: string) => void;
			agent?: () => string | undefined;
		} = {}
	) {
		this.#ui = ui;
		this.#agent = options.agent ?? (() => undefined);
		this.#ready = options.ready ?? (() => Promise.resolve());
		this.#onProblem = options.onProblem ?? (() => {});
	}

	/** Resolves when every surface seen so far is drawn. */
	settled(): Promise<void> {
		return this.#queue;
	}

	#later(draw: () => void): void {
		this.#queue = this.#queue
			.then(() => this.#ready())
			.then(draw, (error) => this.#onProblem(`A2UI surface not drawn: ${String(error)}`));
	}

	#add(
		messages: Array<Record<string, unknown>>,
		title: string,
		meta: { callId: string; dataFrom: string[]; turnId: string },
		origin: SurfaceOrigin
	): string | undefined {
		const added = this.#ui().onWidget?.('a2ui', { messages, title, origin }, meta);
		if (added && 'error' in added) this.#onProblem(`A2UI surface not drawn: ${added.error.slice(0, 300)}`);
		return added && 'id' in added ? added.id : undefined;
	}

	/**
	 * Shows the agent's shared state as a `json` widget (the user asked for it in the console);
	 * later STATE_SNAPSHOT / STATE_DELTA events update that widget in place.
	 */
	showState(state: unknown): void {
		this.#later(() => {
			const params = {
				data: (this.#state ? this.#state.value : state) ?? {},
				title: "The agent's state",
				expandDepth: 3
			};
			if (this.#stateWidget && this.#ui().onUpdate?.(this.#stateWidget, params).ok) return;
			const added = this.#ui().onWidget?.('json', params, {
				callId: `agui-state-${Date.now()}`,
				dataFrom: [],
				turnId: this.#turnId
			});
			if (added && 'error' in added) this.#onProblem(`The agent's state not shown: ${added.error.slice(0, 300)}`);
			this.#stateWidget = added && 'id' in added ? added.id : undefined;
		});
	}

	#stateChanged(state: unknown): void {
		this.#later(() => {
			const id = this.#stateWidget;
			if (id && !this.#ui().onUpdate?.(id, { data: state ?? {}, title: "The agent's state", expandDepth: 3 }).ok)
				this.#stateWidget = undefined;
		});
	}

	/**
	 * An `mcp-apps` activity (the AG-UI MCP Apps middleware: the agent ran a tool with a View):
	 * an `mcp-app` widget for the View of `resourceUri` on the server named `serverId`. The View
	 * loads through AutoUI's own connection of that name, as every MCP App does; without one,
	 * through the agent (the middleware's proxied requests). Drawn once per activity.
	 */
	#mcpApp(messageId: string, content: unknown, turnId: string): void {
		const app = mcpAppParams(content, this.#agent());
		if (!app) return this.#onProblem('MCP App activity not drawn: it names no ui:// resource or server');
		if (this.#widgets.has(messageId)) return;
		this.#widgets.set(messageId, '');
		this.#later(() => {
			const added = this.#ui().onWidget?.('mcp-app', app, { callId: `agui-${messageId}`, dataFrom: [], turnId });
			if (added && 'error' in added) this.#onProblem(`MCP App activity not drawn: ${added.error.slice(0, 300)}`);
			if (added && 'id' in added) this.#widgets.set(messageId, added.id);
		});
	}

	/** Call with every agent event; ignores all but AG-UI activities, state and resource results. */
	event(event: AgentEvent): void {
		this.#turnId = event.turnId;
		if (event.type === 'tool-result' && event.result.includes('[resource ')) {
			const surfaces = resultSurfaces(event.result);
			surfaces.forEach((messages, index) => {
				this.#later(
					() =>
						void this.#add(
							messages,
							event.tool ?? 'A2UI surface',
							{
								callId: index ? `${event.callId}-${index}` : event.callId,
								dataFrom: [event.callId],
								turnId: event.turnId
							},
							event.server ? { kind: 'mcp', server: event.server } : { kind: 'agent' }
						)
				);
			});
			return;
		}
		if (event.type !== 'agui' || !event.data || typeof event.data !== 'object') return;
		if ((event.name === 'STATE_SNAPSHOT' || event.name === 'STATE_DELTA') && 'state' in event.data) {
			this.#state = { value: (event.data as { state: unknown }).state };
			if (this.#stateWidget) this.#stateChanged(this.#state.value);
			return;
		}
		const { messageId, activityType, content } = event.data as {
			messageId?: unknown;
			activityType?: unknown;
			content?: unknown;
		};
		if (activityType === 'mcp-apps' && typeof messageId === 'string')
			return this.#mcpApp(messageId, content, event.turnId);
		if (activityType !== 'a2ui-surface' || typeof messageId !== 'string') return;
		const messages = activityMessages(content);
		if (!messages?.length) return;
		this.#later(() => {
			const known = this.#widgets.get(messageId);
			if (known && this.#ui().onUpdate?.(known, { messages }).ok) return;
			const id = this.#add(
				messages,
				'Agent surface',
				{ callId: `agui-${messageId}`, dataFrom: [], turnId: event.turnId },
				{ kind: 'agent' }
			);
			if (id) this.#widgets.set(messageId, id);
		});
	}
}
