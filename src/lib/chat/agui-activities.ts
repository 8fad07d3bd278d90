/**
 * Surfaces that arrive beside the conversation become canvas widgets, from the app's own
 * events (the protocols were translated before: the AG-UI provider's surface updates, state
 * changes and opened Views; the dispatcher's surfaces of a tool result): an `a2ui` widget per
 * surface, updated in place as it changes and showing its generation status until it is
 * drawn, an `mcp-app` widget per View. Each `a2ui` widget records where it came from
 * (`origin`), so a button press goes back there (a2ui-actions.ts).
 */
import type { AgentEvent, SurfaceStatus, UiCallbacks } from '$lib/agent';
import type { SurfaceOrigin } from './a2ui-actions';

/** Turns A2UI activities and resources into widgets through the canvas callbacks. */
export class AguiActivities {
	readonly #ui: () => UiCallbacks;
	readonly #ready: () => Promise<void>;
	readonly #onProblem: (message: string) => void;
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
	 * `onProblem` hears a surface the canvas refused.
	 */
	constructor(
		ui: () => UiCallbacks,
		options: {
			ready?: () => Promise<void>;
			onProblem?: (message: string) => void;
		} = {}
	) {
		this.#ui = ui;
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
		origin: SurfaceOrigin,
		status?: SurfaceStatus
	): string | undefined {
		const params = { messages, title, origin, ...(status ? { status } : {}) };
		const added = this.#ui().onWidget?.('a2ui', params, meta);
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
	 * A View the agent opened (the AG-UI MCP Apps middleware: the agent ran a tool with a View):
	 * an `mcp-app` widget. The View loads through AutoUI's own connection of that server, as
	 * every MCP App does; without one, through the agent (`via`). Drawn once per key.
	 */
	#mcpApp(messageId: string, app: Record<string, unknown>, turnId: string): void {
		if (this.#widgets.has(messageId)) return;
		this.#widgets.set(messageId, '');
		this.#later(() => {
			const added = this.#ui().onWidget?.('mcp-app', app, { callId: `agui-${messageId}`, dataFrom: [], turnId });
			if (added && 'error' in added) this.#onProblem(`MCP App activity not drawn: ${added.error.slice(0, 300)}`);
			if (added && 'id' in added) this.#widgets.set(messageId, added.id);
		});
	}

	/** Call with every agent event; ignores all but surfaces, state changes and opened Views. */
	event(event: AgentEvent): void {
		this.#turnId = event.turnId;
		if (event.type === 'tool-result' && event.surfaces?.length) {
			const origin: SurfaceOrigin = event.server ? { kind: 'mcp', server: event.server } : { kind: 'agent' };
			event.surfaces.forEach(({ messages }, index) => {
				const meta = {
					callId: index ? `${event.callId}-${index}` : event.callId,
					dataFrom: [event.callId],
					turnId: event.turnId
				};
				this.#later(() => void this.#add(messages, event.tool ?? 'A2UI surface', meta, origin));
			});
			return;
		}
		if (event.type === 'state-change') {
			this.#state = { value: event.state };
			if (this.#stateWidget) this.#stateChanged(this.#state.value);
			return;
		}
		if (event.type === 'view-open') return this.#mcpApp(event.key, event.view, event.turnId);
		if (event.type !== 'surface-update') return;
		const { key, messages, status } = event;
		this.#later(() => {
			const known = this.#widgets.get(key);
			// Drawn at last: the status gives way to the surface ('drawn' shows nothing).
			const update = status ? { status } : { messages, status: { state: 'drawn' } };
			if (known && this.#ui().onUpdate?.(known, update).ok) return;
			const id = this.#add(
				messages,
				'Agent surface',
				{ callId: `agui-${key}`, dataFrom: [], turnId: event.turnId },
				{ kind: 'agent' },
				status
			);
			if (id) this.#widgets.set(key, id);
		});
	}
}
