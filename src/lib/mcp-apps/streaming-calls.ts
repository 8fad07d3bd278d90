/**
 * Views of calls the model is still writing. When a `tool-input-delta` names a tool with a
 * View, its `mcp-app` widget opens at once (input pending) and gets the partial arguments
 * as they stream (`tool-input-partial`); the call itself then claims that widget, so it is
 * the one that gets the whole input and the result. A call that never runs (the turn was
 * stopped, the call was refused) leaves its widget with the reason (`tool-cancelled`).
 */
import type { AgentEvent } from '$lib/agent/events';
import { partialArguments } from '$lib/agent/partial-json';
import { resolveToolName, type ToolRegistry } from '$lib/agent/tools/registry';
import type { ToolDefinition } from '$lib/shared';
import type { HostConnection } from './apps-host';
import type { ViewHandle } from './host-port';
import { uiResourceUri } from './tool-meta';

type Args = Record<string, unknown>;

/** What the tracker needs from the host. */
export interface StreamingCallsDeps {
	/** The agent's registry (the names the model writes); read during a turn, so always loaded. */
	registry(): ToolRegistry;
	connections(): readonly HostConnection[];
	/** Opens the call's widget with its input pending; resolves with its id. */
	open(connection: HostConnection, tool: ToolDefinition, resource: string): Promise<string | undefined>;
	/** The mounted View of a widget, when it is. */
	view(widgetId: string): ViewHandle | undefined;
	/** Tells a widget its call will not run. */
	cancel(widgetId: string, reason: string): void;
}

interface StreamedCall {
	turnId: string;
	widget: Promise<string | undefined>;
	widgetId?: string;
	latest?: Args;
	/** The call ran (it has the widget now) or ended without running. */
	settled: boolean;
}

/** Tracks the streaming calls of tools with a View. */
export class StreamingCalls {
	#deps: StreamingCallsDeps;
	/** By call id; `null` for calls of tools without a View. */
	#calls = new Map<string, StreamedCall | null>();
	/** The latest partial arguments by widget id, for a View that mounts later. */
	#partials = new Map<string, Args>();
	/** Widgets opened this way since the page loaded (ids only). */
	#opened = new Set<string>();

	constructor(deps: StreamingCallsDeps) {
		this.#deps = deps;
	}

	/** Follows the agent's events. */
	event(event: AgentEvent): void {
		switch (event.type) {
			case 'tool-input-delta': {
				let call = this.#calls.get(event.callId);
				if (call === undefined) {
					call = this.#start(event.turnId, event.name);
					this.#calls.set(event.callId, call);
				}
				if (!call || call.settled || !event.json) return;
				const args = partialArguments(event.json);
				call.latest = args;
				if (call.widgetId) this.#push(call.widgetId, args);
				return;
			}
			case 'tool-error':
				this.#end(event.callId, `The call did not run: ${event.error}`.slice(0, 500));
				return;
			case 'tool-result':
				this.#end(event.callId, 'The call was answered without its server (a mock or a cached result).');
				return;
			case 'done':
				for (const [callId, call] of this.#calls) {
					if (call && call.turnId !== event.turnId) continue;
					if (call)
						this.#end(
							callId,
							event.reason === 'aborted'
								? 'The turn was stopped before the call was made.'
								: 'The model did not make the call.'
						);
					this.#calls.delete(callId);
				}
				return;
		}
	}

	/** The widget opened for call `callId` while it streamed (the call takes it over), if any. */
	claim(callId: string | undefined): Promise<string | undefined> | undefined {
		const call = callId ? this.#calls.get(callId) : undefined;
		if (!call || call.settled) return undefined;
		call.settled = true;
		return call.widget.then((widgetId) => {
			if (widgetId) this.#partials.delete(widgetId);
			return widgetId;
		});
	}

	/** True for a widget opened for a streaming call since the page loaded. */
	opened(widgetId: string): boolean {
		return this.#opened.has(widgetId);
	}

	/** The latest partial arguments of a widget whose input is still streaming. */
	partialInput(widgetId: string): Args | undefined {
		return this.#partials.get(widgetId);
	}

	#start(turnId: string, name: string): StreamedCall | null {
		const resolved = resolveToolName(this.#deps.registry(), name);
		const entry = resolved?.entry;
		if (entry?.kind !== 'tool' || entry.server.layer.protocol !== 'mcp') return null;
		const connection = this.#deps.connections().find((candidate) => candidate.name === entry.server.layer.serverName);
		const tool = connection?.tools.find((candidate) => candidate.name === entry.tool.name);
		const resource = tool ? uiResourceUri(tool) : undefined;
		if (!connection || !tool || !resource) return null;
		const call: StreamedCall = { turnId, settled: false, widget: Promise.resolve(undefined) };
		call.widget = this.#deps
			.open(connection, tool, resource)
			.catch(() => undefined)
			.then((widgetId) => {
				call.widgetId = widgetId;
				if (widgetId) this.#opened.add(widgetId);
				if (widgetId && call.latest && !call.settled) this.#push(widgetId, call.latest);
				return widgetId;
			});
		return call;
	}

	#push(widgetId: string, args: Args): void {
		this.#partials.set(widgetId, args);
		this.#deps.view(widgetId)?.partialInput(args);
	}

	#end(callId: string, reason: string): void {
		const call = this.#calls.get(callId);
		if (!call || call.settled) return;
		call.settled = true;
		void call.widget.then((widgetId) => {
			if (!widgetId) return;
			this.#partials.delete(widgetId);
			this.#deps.cancel(widgetId, reason);
		});
	}
}
