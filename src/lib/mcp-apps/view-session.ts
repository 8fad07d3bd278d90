/**
 * Mounts one MCP App View (loaded on demand with the official host bridge,
 * `@modelcontextprotocol/ext-apps/app-bridge`):
 *
 *   server connected (or, for a View an AG-UI agent sent, that agent in charge: its MCP Apps
 *   middleware proxies the requests) → its View origin known (the server's own subdomain of
 *   the sandbox, else the shared one) and ≠ the app's → resources/read (with the list entry's
 *   `_meta.ui`) → CSP (with the server's grants) → outer frame (sandbox proxy, that origin)
 *   → sandbox-proxy-ready → sandbox-resource-ready
 *   → View: ui/initialize (answered with host info, capabilities, context) → initialized
 *   → tool-input-partial while the model streams the arguments (the latest one, if it came
 *     before initialized) → tool-input, then tool-result or tool-cancelled → requests
 *     served until teardown
 *
 * Every failure (no sandbox, server missing, bad resource, handshake timeout, CSP violation,
 * flood, the sandbox frame navigated away) becomes the widget's error state; nothing escapes
 * to the page. What its policy refused is offered on the widget ("Allow for this server").
 */
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { errorMessage, isPlainObject, type ToolCallResult } from '$lib/shared';
import type { McpAppParams } from '$lib/widgets/mcp-app/definition';
import { allowAttribute, buildViewCsp } from './csp.js';
import { FrameTransport } from './frame-transport';
import { containerDimensions, environmentContext } from './host-context';
import type { AgentProxy, RefusedItem, ViewHandle, ViewHostPort, ViewRefusal, ViewState } from './host-port';
import { InputDelivery } from './input-delivery';
import { parseViewResource } from './resource';
import { wireViewRequests } from './view-requests';
import { trafficRecorder } from './view-traffic';
import { attachViewTools } from './view-tools-bridge';
import { checkSharedSandbox, noteRefusal, resolveViewOrigin, viewKey } from './view-policy';

/** How long a View has from loading to `ui/notifications/initialized`. */
export const handshakeTimeoutMs = 20_000;
/** How long the server has to answer the View's `resources/read`. */
export const resourceReadTimeoutMs = 20_000;
/** How long teardown waits for the View's answer. */
export const teardownTimeoutMs = 1_500;

const hostInfo = { name: 'autoui', version: '1.0.0' };
const hostCapabilities: McpUiHostCapabilities = {
	openLinks: {},
	downloadFile: {},
	serverTools: {},
	serverResources: {},
	logging: {},
	message: { text: {} },
	updateModelContext: { text: {}, structuredContent: {} }
};

/** Options of {@link mountView}. */
export interface MountOptions {
	widgetId: string;
	params: McpAppParams;
	/** The element the frame fills. */
	container: HTMLElement;
	host: ViewHostPort;
	onState(state: ViewState): void;
	/** Enters or leaves fullscreen; resolves with the mode in effect. */
	displayMode(fullscreen: boolean): Promise<boolean>;
}

/** Mounts the View of `params` in `container`. Never throws: failures are error states. */
export function mountView(options: MountOptions): ViewHandle {
	const { widgetId, container, host } = options;
	let params = options.params;
	const server = params.server;
	let frame: HTMLIFrameElement | undefined;
	let bridge: AppBridge | undefined;
	let transport: FrameTransport | undefined;
	let initialized = false;
	let sentResult = false;
	let sentCancel = false;
	let disposed = false;
	let failed = false;
	let fullscreen = false;
	let handshake: ReturnType<typeof setTimeout> | undefined;
	let resizeObserver: ResizeObserver | undefined;
	let viewTools: ReturnType<typeof attachViewTools>;
	/** Set when the View's server is reached through the agent that sent it. */
	let proxy: AgentProxy | undefined;
	/** What the View's policy refused it so far ("Allow for this server" grants them all). */
	const refused: RefusedItem[] = [];
	const traffic = trafficRecorder({ widgetId, server }, (event) => host.record(event));
	const input = new InputDelivery({
		partial(args) {
			void bridge?.sendToolInputPartial({ arguments: args }).catch(() => undefined);
		},
		input(args) {
			void bridge?.sendToolInput({ arguments: args }).catch(() => undefined);
		}
	});
	const takeInput = () => {
		if (!params.inputPending) input.final(params.toolInput);
	};
	takeInput();
	if (params.inputPending) {
		const latest = host.partialInput(widgetId);
		if (latest) input.partial(latest);
	}
	let current: ViewState = { phase: 'loading' };
	let refusal: ViewRefusal | undefined;
	const state = (next: ViewState) => {
		// What the policy refused stays on the widget whatever the View does next.
		current = refusal && !next.refusal ? { ...next, refusal } : next;
		if (!disposed) options.onState(current);
	};
	/** Shows the view's message on its widget and waits for the user's choice (refused if the view goes away). */
	const askToSend = (text: string) =>
		new Promise<'once' | 'always' | 'deny'>((resolve) => {
			const answer = (choice: 'once' | 'always' | 'deny') => {
				if (current.ask?.answer === answer) state({ ...current, ask: undefined });
				resolve(choice);
			};
			pendingAsks.add(() => resolve('deny'));
			state({ ...current, ask: { kind: 'message', server, text, answer } });
		});
	const pendingAsks = new Set<() => void>();

	function fail(message: string, refusal?: ViewRefusal): void {
		if (disposed || failed) return;
		failed = true;
		state({ phase: 'error', message, ...(refusal ? { refusal } : {}) });
		stop(`it stopped (${message})`);
	}

	function stop(why = 'its widget was closed'): void {
		viewTools?.close(why);
		for (const deny of pendingAsks) deny();
		pendingAsks.clear();
		if (handshake) clearTimeout(handshake);
		resizeObserver?.disconnect();
		void transport?.close();
		void bridge?.close().catch(() => undefined);
		frame?.remove();
		frame = undefined;
	}

	function resultFor(): ToolCallResult | undefined {
		return host.fullResult(widgetId) ?? (params.toolResult as ToolCallResult | undefined);
	}

	function deliver(): void {
		if (!bridge || !initialized || failed) return;
		const result = resultFor();
		if (result && !sentResult && input.inputSent) {
			sentResult = true;
			void bridge.sendToolResult(result as Parameters<AppBridge['sendToolResult']>[0]).catch(() => undefined);
		} else if (!result && params.cancelled && !sentCancel) {
			sentCancel = true;
			void bridge.sendToolCancelled({ reason: params.cancelled }).catch(() => undefined);
		}
	}

	function context(): McpUiHostContext {
		return {
			...environmentContext(host.theme()),
			displayMode: fullscreen ? 'fullscreen' : 'inline',
			containerDimensions: containerDimensions(container),
			toolInfo: {
				tool: host.connection(server)?.tools.find((tool) => tool.name === params.tool) ?? {
					name: params.tool,
					inputSchema: { type: 'object' }
				}
			}
		} as McpUiHostContext;
	}

	function wire(app: AppBridge): void {
		wireViewRequests(app, { widgetId, server, host, askToSend, proxy: () => proxy });
		app.onrequestdisplaymode = async (request) => {
			const wanted = request.mode === 'fullscreen' ? true : request.mode === 'inline' ? false : fullscreen;
			const declared = app.getAppCapabilities()?.availableDisplayModes;
			if (declared && !declared.includes(wanted ? 'fullscreen' : 'inline'))
				return { mode: fullscreen ? 'fullscreen' : 'inline' };
			fullscreen = await options.displayMode(wanted);
			return { mode: fullscreen ? 'fullscreen' : 'inline' };
		};
		app.onsizechange = ({ height }) => {
			if (frame && typeof height === 'number' && height > 0)
				frame.style.minHeight = `${Math.min(Math.round(height), 4000)}px`;
		};
		app.onloggingmessage = () => undefined;
		app.onrequestteardown = () => host.requestClose(widgetId);
		app.oninitialized = () => {
			initialized = true;
			if (handshake) clearTimeout(handshake);
			state({ phase: 'ready' });
			// A View that provides tools (appCapabilities.tools) lends them to the agent while it lives.
			const source = host.viewTools;
			if (source) viewTools = attachViewTools(app, { widgetId, server, source, record: (event) => host.record(event) });
			input.ready();
			deliver();
		};
	}

	async function start(): Promise<void> {
		state({ phase: 'loading', message: 'Finding the view sandbox…' });
		const sharedRefused = await checkSharedSandbox(host);
		if (sharedRefused) return fail(sharedRefused);
		const connection = host.connection(server);
		const connected = connection?.status === 'connected' ? connection : undefined;
		// Without a connection of that name, a View an AG-UI agent sent loads through that agent.
		const via = connected ? undefined : params.via;
		const viaAgent = via ? host.proxy(via) : undefined;
		if (via && !viaAgent) {
			state({
				phase: 'waiting',
				message: `This view comes through the AG-UI agent at ${via.agent}: choose that agent in Settings, or connect its MCP server "${server}", to show it.`
			});
			return;
		}
		const source = connected ?? viaAgent;
		if (!source) {
			state({
				phase: 'waiting',
				message: `Connect the MCP server "${server}"${params.endpoint ? ` (${params.endpoint})` : ''} to show its view.`
			});
			return;
		}
		proxy = viaAgent;
		// One origin per server: its URL (or the agent and the server's hash there) names it.
		const key = viewKey(connected?.url, via, server);
		const view = await resolveViewOrigin(host, key);
		if ('error' in view) return fail(view.error);
		const origin = view.origin;
		state({
			phase: 'loading',
			message: `Loading ${params.resource}${viaAgent ? ` through the agent at ${viaAgent.agent}` : ''}…`
		});
		const read =
			'request' in source
				? await source.request('resources/read', { uri: params.resource }, AbortSignal.timeout(resourceReadTimeoutMs))
				: await source.withClient((client) =>
						client.readResource({ uri: params.resource }, { timeout: resourceReadTimeoutMs })
					);
		const listed = connected?.resources?.find((entry) => entry.uri === params.resource)?._meta;
		const resource = parseViewResource(params.resource, read, listed);
		if (disposed) return;
		const grants = host.viewGrants(key);
		const csp = buildViewCsp(resource.csp, grants);
		host.record({
			widgetId,
			server,
			method: 'csp',
			direction: 'out',
			status: csp.rejected.length ? 'refused' : 'ok',
			detail: `${csp.declared ? 'declared' : 'default'}${grants.length ? ' + allowed for this server' : ''}: ${csp.policy}${csp.rejected.length ? ` · dropped: ${csp.rejected.join(', ')}` : ''} · origin ${origin}${view.own ? ' (this server’s own)' : ' (shared, opaque inside)'}${resource.domain ? ` · declared domain ${resource.domain} not used` : ''}`
		});
		frame = document.createElement('iframe');
		frame.className = 'mcp-app-frame';
		frame.title = `${params.tool} — view of ${server}`;
		frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
		frame.setAttribute('referrerpolicy', 'no-referrer');
		frame.dataset.testid = 'mcp-app-frame';
		container.appendChild(frame);
		const app = new AppBridge(null, hostInfo, hostCapabilities, { hostContext: context() });
		bridge = app;
		wire(app);
		app.onsandboxready = () => {
			void app.sendSandboxResourceReady({
				html: resource.html,
				...(isPlainObject(resource.csp) ? { csp: resource.csp } : {}),
				...(isPlainObject(resource.permissions) ? { permissions: resource.permissions } : {})
			});
		};
		transport = new FrameTransport(frame, origin, {
			onTraffic: traffic,
			onViolation: ({ directive, blockedUri }) => {
				host.record({
					widgetId,
					server,
					method: 'csp-violation',
					direction: 'in',
					status: 'refused',
					detail: `${directive} blocked ${blockedUri || '(inline)'}`
				});
				const noted = noteRefusal(refused, host, key, directive, blockedUri);
				refusal = noted.refusal ?? refusal;
				if (noted.stop) fail(noted.stop, refusal);
				else if (noted.added && !failed) state({ ...current, refusal });
			},
			onFlood: (count) => fail(`The view sent ${count} messages within a second and was stopped.`)
		});
		await app.connect(transport);
		const search = new URLSearchParams({ host: location.origin });
		if (view.own) search.set('own', '1');
		if (isPlainObject(resource.csp)) search.set('csp', JSON.stringify(resource.csp));
		if (grants.length) search.set('grants', JSON.stringify(grants));
		if (isPlainObject(resource.permissions)) search.set('permissions', JSON.stringify(resource.permissions));
		const allow = allowAttribute(resource.permissions);
		if (allow) frame.setAttribute('allow', allow);
		// The proxy loads once: a second load means the frame was navigated (by the View reaching
		// its proxy page), which could bring another policy; the View is stopped.
		let loads = 0;
		frame.addEventListener('load', () => {
			if (++loads > 1) fail('The view navigated its sandbox frame away and was stopped.');
		});
		frame.src = `${origin}/proxy?${search}`;
		handshake = setTimeout(() => {
			if (!initialized)
				fail(
					`The view did not complete its handshake within ${handshakeTimeoutMs / 1000} s (no ui/notifications/initialized).`
				);
		}, handshakeTimeoutMs);
		resizeObserver = new ResizeObserver(() => {
			if (initialized) void app.sendHostContextChange({ containerDimensions: containerDimensions(container) });
		});
		resizeObserver.observe(container);
	}

	start().catch((error) => fail(`The view could not be loaded: ${errorMessage(error)}`));

	return {
		get frame() {
			return frame;
		},
		update(next) {
			const changed =
				next.toolResult !== params.toolResult ||
				next.cancelled !== params.cancelled ||
				next.inputPending !== params.inputPending;
			params = next;
			takeInput();
			if (changed) deliver();
		},
		partialInput(args) {
			if (params.inputPending) input.partial(args);
		},
		displayModeChanged(isFullscreen) {
			if (isFullscreen === fullscreen) return;
			fullscreen = isFullscreen;
			if (bridge && initialized)
				void bridge.sendHostContextChange({
					displayMode: fullscreen ? 'fullscreen' : 'inline',
					containerDimensions: containerDimensions(container)
				});
		},
		themeChanged() {
			if (bridge && initialized)
				void bridge.sendHostContextChange({
					theme: host.theme(),
					styles: environmentContext(host.theme()).styles as McpUiHostContext['styles']
				});
		},
		async teardown() {
			if (bridge && initialized && !failed) {
				try {
					await bridge.teardownResource({}, { timeout: teardownTimeoutMs });
				} catch {
					// A View that does not answer in time is removed anyway.
				}
			}
			disposed = true;
			stop();
		},
		dispose() {
			disposed = true;
			stop();
		}
	};
}
