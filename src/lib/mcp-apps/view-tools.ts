/**
 * Tools provided by Views (MCP Apps draft, "App-Provided Tools"): a View that declares
 * `appCapabilities.tools` is asked `tools/list` (`view-tools-bridge.ts`, loaded with the view
 * code), and while its widget lives its tools are the agent's, one `app` layer per View:
 *
 *   first live View of server s    s_app_<tool>
 *   a second one (while the first lives)   s_app2_<tool>   (the lowest number free, kept for the widget's life)
 *   widget closed                  the layer leaves; it stays as a closed layer (the newest
 *                                  20), so a later call of a former name is a tool error
 *                                  saying the View is gone (`view_gone`), not "unknown tool"
 *
 * Calls go to the View over its bridge (`ViewToolChannel`), bounded by the draft's limits.
 * Framework-free and light: the page registers it with the ToolHub as a `ToolSource`
 * (structurally; this folder does not import the hub).
 */
import type { AppLayer, ToolLayer } from '$lib/agent/types';
import type { ToolCallResult, ToolDefinition, ToolServer } from '$lib/shared';

/** The draft's limits on a View's tools. */
export const viewToolLimits = {
	/** Tools kept per View (the rest are left out, and the console says so). */
	tools: 50,
	/** How long one call may take. */
	callMs: 30_000,
	/** The largest result taken, as JSON text. */
	resultBytes: 10 * 1024 * 1024
} as const;

/** How many closed Views' names still answer "gone". */
const closedKept = 20;

/** How one View's tools are called (its bridge). */
export interface ViewToolChannel {
	call(name: string, args: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<ToolCallResult>;
}

/** What a View session tells the source (`view-tools-bridge.ts` calls it). */
export interface ViewToolPort {
	/** The View's tools as it listed them last (an empty list keeps its place and number). */
	set(widgetId: string, server: string, tools: ToolDefinition[], channel: ViewToolChannel): void;
	/** The View is gone (its widget closed, or it stopped): its tools leave; `reason` answers later calls. */
	close(widgetId: string, reason: string): void;
}

interface LiveView {
	layer: AppLayer;
	server: ToolServer;
	channel: ViewToolChannel;
}

function goneResult(text: string): ToolCallResult {
	return { content: [{ type: 'text', text }], isError: true };
}

/** The message a call of a closed View's tool gets. */
export function viewGoneMessage(server: string, widgetId: string, why = 'its widget was closed'): string {
	return `The View of "${server}" (widget ${widgetId}) that provided this tool is gone: ${why}. Its tools went with it; show that View again to use them.`;
}

/** The tools of every live View, as one tool source of the page. */
export class ViewToolSource implements ViewToolPort {
	readonly id = 'views';
	readonly kind = 'app';
	#live = new Map<string, LiveView>();
	#closed: AppLayer[] = [];
	#layers: ToolLayer[] = [];
	#servers: ToolServer[] = [];
	#listeners = new Set<() => void>();

	/** Live Views' layers (in the order they came), then the closed ones (they offer nothing). */
	get layers(): readonly ToolLayer[] {
		return this.#layers;
	}

	get servers(): readonly ToolServer[] {
		return this.#servers;
	}

	get status(): { state: 'ready'; detail: string } {
		const tools = [...this.#live.values()].reduce((sum, view) => sum + view.layer.tools.length, 0);
		return { state: 'ready', detail: `${tools} tools from ${this.#live.size} views` };
	}

	/** Called after every change (the page's mirror into `document.modelContext` follows it). */
	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** The live layer of a widget's View, if it provides tools. */
	layerOf(widgetId: string): AppLayer | undefined {
		return this.#live.get(widgetId)?.layer;
	}

	set(widgetId: string, server: string, tools: ToolDefinition[], channel: ViewToolChannel): void {
		const known = this.#live.get(widgetId);
		const instance = known?.layer.instance ?? this.#freeInstance(server);
		const layer: AppLayer = {
			protocol: 'app',
			serverName: server,
			instance,
			widgetId,
			description: `Tools the View of ${server} provides while its widget ${widgetId} is on the canvas.`,
			tools: tools.slice(0, viewToolLimits.tools)
		};
		const view: LiveView = { layer, channel, server: this.#serverFor(widgetId, layer) };
		this.#live.set(widgetId, view);
		this.#closed = this.#closed.filter((closed) => closed.widgetId !== widgetId);
		this.#changed();
	}

	close(widgetId: string, reason: string): void {
		const view = this.#live.get(widgetId);
		if (!view) return;
		this.#live.delete(widgetId);
		if (view.layer.tools.length) this.#closed = [...this.#closed, { ...view.layer, closed: reason }].slice(-closedKept);
		this.#changed();
	}

	#freeInstance(server: string): number {
		const taken = new Set(
			[...this.#live.values()].filter((view) => view.layer.serverName === server).map((view) => view.layer.instance)
		);
		let instance = 1;
		while (taken.has(instance)) instance++;
		return instance;
	}

	#serverFor(widgetId: string, layer: AppLayer): ToolServer {
		return {
			name: layer.serverName,
			protocol: 'app',
			listTools: async () => layer.tools,
			callTool: async (name, args, options) => {
				const view = this.#live.get(widgetId);
				if (!view) return goneResult(viewGoneMessage(layer.serverName, widgetId));
				if (!view.layer.tools.some((tool) => tool.name === name))
					return goneResult(`The View of "${layer.serverName}" no longer provides the tool "${name}".`);
				return view.channel.call(name, args, { signal: options?.signal });
			}
		};
	}

	#changed(): void {
		const live = [...this.#live.values()];
		this.#layers = [...live.filter((view) => view.layer.tools.length).map((view) => view.layer), ...this.#closed];
		this.#servers = live.filter((view) => view.layer.tools.length).map((view) => view.server);
		for (const listener of this.#listeners) listener();
	}
}
