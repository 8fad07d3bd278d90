/**
 * Builds the workbench's `WorkbenchDeps` from the app's pieces: manual calls go through the
 * agent's direct-call path (`session.callTool`, origin "manual") under the tool's registry
 * name, "Show on canvas" through `canvasSession.showFromSource`. Where an older session or
 * canvas lacks those methods, calls go straight to the connection and the widget is added
 * from the result once (not live).
 */
import { providerName, type ToolRegistry } from '$lib/agent/tools/registry';
import type { DirectCallRequest } from '$lib/agent/dispatch/direct-call';
import type { UiCallbacks } from '$lib/agent/types';
import type { McpConnection } from '$lib/mcp';
import { errorMessage, isPlainObject, randomId } from '$lib/shared';
import { resultValue } from './default-widget';
import type { ServerRequests } from './server-requests.svelte';
import { describeError } from './server-errors';
import type { CallOutcome, ShowOnCanvasRequest, WorkbenchCall, WorkbenchDeps } from './types';

/** The direct-call path of the agent session (the data-by-reference contract). */
export interface DirectCallPort {
	callTool(request: DirectCallRequest): Promise<CallOutcome>;
}

/** The canvas session's live-widget entry point (the data-by-reference contract). */
export interface CanvasSourcePort {
	showFromSource(request: {
		widget: string;
		params: Record<string, unknown>;
		source: { tool: string; args: Record<string, unknown>; refreshSeconds?: number };
		title?: string;
	}): Promise<{ id: string } | { error: string }>;
}

/** The agent's registry, as the page's tool hub holds it (built there, never here). */
export interface RegistryPort {
	/** Resolves once `registry` can be read. */
	ready(): Promise<void>;
	readonly registry: ToolRegistry;
}

/** What the bridge is built from. */
export interface WorkbenchBridgeOptions {
	/** Where the agent's names of tools come from. */
	tools: RegistryPort;
	/** A connection by server display name. */
	connection(server: string): McpConnection | undefined;
	session: object;
	canvas: object;
	/** The canvas's UI callbacks (used when the canvas has no `showFromSource`). */
	widgets?: UiCallbacks;
	/** Resolves once the widget validators are loaded (before `widgets` is used). */
	widgetsReady?(): Promise<void>;
	requests?: ServerRequests;
	/** Starts a conversation with this text. */
	startConversation?(text: string): void;
}

function hasMethod<T>(value: object, name: string): value is object & T {
	return typeof (value as Record<string, unknown>)[name] === 'function';
}

/** Creates the deps the workbench runs on. */
export function createWorkbenchDeps(options: WorkbenchBridgeOptions): WorkbenchDeps {
	const registryName = async (server: string, tool: string): Promise<string | undefined> => {
		await options.tools.ready();
		const registry = options.tools.registry;
		const entry = registry.servers.find(
			(candidate) => candidate.layer.protocol !== 'webmcp' && candidate.layer.serverName === server
		);
		return entry ? providerName(registry, entry, tool) : undefined;
	};

	async function callTool(call: WorkbenchCall): Promise<CallOutcome> {
		const started = performance.now();
		const session = options.session;
		if (hasMethod<DirectCallPort>(session, 'callTool')) {
			const tool = await registryName(call.server, call.tool);
			if (!tool)
				return {
					ok: false,
					callId: '',
					error: `Tool "${call.tool}" of server "${call.server}" is not available to the app right now (is the server connected?).`,
					code: 'unknown_tool',
					elapsedMs: 0
				};
			return session.callTool({
				tool,
				args: call.args,
				origin: 'manual',
				signal: call.signal,
				timeoutMs: call.timeoutMs,
				onProgress: call.onProgress
			});
		}
		const connection = options.connection(call.server);
		const callId = randomId('manual_');
		if (!connection)
			return {
				ok: false,
				callId,
				error: `MCP server "${call.server}" is not connected.`,
				code: 'mcp_disconnected',
				elapsedMs: 0
			};
		try {
			const result = await connection.callTool(call.tool, call.args, {
				signal: call.signal,
				timeoutMs: call.timeoutMs,
				onProgress: call.onProgress
			});
			return {
				ok: !result.isError,
				callId,
				result,
				value: resultValue(result),
				elapsedMs: performance.now() - started
			};
		} catch (error) {
			const cause =
				isPlainObject((error as { cause?: unknown })?.cause) || (error as { cause?: unknown })?.cause instanceof Error
					? (error as { cause: unknown }).cause
					: error;
			const shown = describeError(cause);
			return {
				ok: false,
				callId,
				error: errorMessage(error),
				code: shown.code ?? (error as { code?: string }).code,
				data: shown.data,
				elapsedMs: performance.now() - started
			};
		}
	}

	async function showOnCanvas(request: ShowOnCanvasRequest): Promise<{ id: string } | { error: string }> {
		const canvas = options.canvas;
		if (hasMethod<CanvasSourcePort>(canvas, 'showFromSource')) {
			const tool = await registryName(request.source.server, request.source.tool);
			if (!tool)
				return { error: `Tool "${request.source.tool}" is not available (is "${request.source.server}" connected?).` };
			return canvas.showFromSource({
				widget: request.widget,
				params: request.params,
				source: { tool, args: request.source.args, refreshSeconds: request.source.refreshSeconds },
				title: request.title
			});
		}
		const outcome = await callTool({
			server: request.source.server,
			tool: request.source.tool,
			args: request.source.args
		});
		if (!outcome.ok) return { error: outcome.error ?? 'the tool reported an error' };
		await options.widgetsReady?.();
		const params = bindSource(request.params, outcome.value);
		if (request.title && params.title === undefined) params.title = request.title;
		return (
			options.widgets?.onWidget?.(request.widget, params, {
				callId: randomId('show_'),
				dataFrom: [outcome.callId]
			}) ?? { error: 'The canvas is not ready.' }
		);
	}

	async function showStatic(
		widget: string,
		params: Record<string, unknown>,
		title?: string
	): Promise<{ id: string } | { error: string }> {
		await options.widgetsReady?.();
		const withTitle = title && params.title === undefined ? { ...params, title } : params;
		return (
			options.widgets?.onWidget?.(widget, withTitle, { callId: randomId('static_'), dataFrom: [] }) ?? {
				error: 'The canvas is not ready.'
			}
		);
	}

	return {
		callTool,
		showOnCanvas,
		showStatic,
		connection: options.connection,
		requests: options.requests,
		useInChat: options.startConversation
			? (messages) =>
					options.startConversation!(
						messages.length === 1
							? messages[0].text
							: messages.map((message) => `${message.role}: ${message.text}`).join('\n\n')
					)
			: undefined
	};
}

/** Replaces `{"$ref": "source…"}` in a params template by the value it points at. */
export function bindSource(template: Record<string, unknown>, value: unknown): Record<string, unknown> {
	const resolve = (node: unknown): unknown => {
		if (Array.isArray(node)) return node.map(resolve);
		if (!isPlainObject(node)) return node;
		if (typeof node.$ref === 'string' && Object.keys(node).length === 1 && /^source(#|$)/.test(node.$ref)) {
			let target: unknown = value;
			for (const part of node.$ref
				.replace(/^source#?/, '')
				.split('/')
				.filter(Boolean)) {
				const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
				target = isPlainObject(target) || Array.isArray(target) ? (target as Record<string, unknown>)[key] : undefined;
			}
			return target;
		}
		return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, resolve(child)]));
	};
	return resolve(template) as Record<string, unknown>;
}
