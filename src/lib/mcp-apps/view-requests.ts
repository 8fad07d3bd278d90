/**
 * The requests a mounted MCP App View makes of its host (`view-session.ts`): calling its server's
 * tools, reading its resources, sending a message to the chat, updating the model's context,
 * opening links and downloading files. Each one is checked, and asks the user where it must.
 */
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { isPlainObject, safeStringify } from '$lib/shared';
import { checkAppToolCall, checkProxiedToolCall } from './app-call-policy';
import type { AgentProxy, ViewHostPort } from './host-port';

/** What the request handlers of one View need from its session. */
export interface ViewRequestContext {
	widgetId: string;
	server: string;
	host: ViewHostPort;
	/** Shows the view's message on its widget and waits for the user's choice. */
	askToSend(text: string): Promise<'once' | 'always' | 'deny'>;
	/** The agent the View's requests go through, when its server is reached that way. */
	proxy(): AgentProxy | undefined;
}

/** The text of content blocks (others are named, not inlined). */
function contentText(content: unknown): string {
	if (!Array.isArray(content)) return '';
	return content
		.map((block) =>
			isPlainObject(block) && block.type === 'text' && typeof block.text === 'string'
				? block.text
				: isPlainObject(block)
					? `[${String(block.type)}]`
					: ''
		)
		.filter(Boolean)
		.join('\n');
}

function refused(message: string): Error {
	return Object.assign(new Error(message), { code: -32001 });
}

/** Installs the handlers of the View's requests on its bridge. */
export function wireViewRequests(app: AppBridge, context: ViewRequestContext): void {
	const { widgetId, server, host, askToSend } = context;
	/** Tools the user let this View call through the agent. */
	const allowed = new Set<string>();
	app.oncalltool = async (request, extra) => {
		const viaAgent = context.proxy();
		if (viaAgent) {
			const verdict = checkProxiedToolCall({ server, name: request.name, arguments: request.arguments });
			if (!verdict.ok) throw refused(verdict.message);
			if (
				!allowed.has(verdict.name) &&
				!(await host.confirm(
					`The view of "${server}" wants to call its server's tool "${verdict.name}" through the AG-UI agent at ${viaAgent.agent}. Allow this view to call it?`
				))
			)
				throw refused(`The user did not allow the view to call "${verdict.name}".`);
			allowed.add(verdict.name);
			const args = isPlainObject(request.arguments) ? request.arguments : {};
			return (await viaAgent.request(
				'tools/call',
				{ name: verdict.name, arguments: args },
				extra.mcpReq.signal
			)) as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
		}
		const connection = host.connection(server);
		const verdict = checkAppToolCall({ server, name: request.name, tools: connection?.tools });
		if (!verdict.ok) throw refused(verdict.message);
		const args = isPlainObject(request.arguments) ? request.arguments : {};
		const result = await host.callTool({
			widgetId,
			server,
			tool: verdict.tool.name,
			args,
			signal: extra.mcpReq.signal
		});
		return result as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
	};
	app.onreadresource = async (request, extra) => {
		const viaAgent = context.proxy();
		if (viaAgent)
			return (await viaAgent.request('resources/read', { uri: request.uri }, extra.mcpReq.signal)) as Awaited<
				ReturnType<NonNullable<AppBridge['onreadresource']>>
			>;
		const connection = host.connection(server);
		if (!connection) throw refused(`MCP server "${server}" is not connected.`);
		return (await connection.withClient((client) =>
			client.readResource({ uri: request.uri }, { signal: extra.mcpReq.signal })
		)) as Awaited<ReturnType<NonNullable<AppBridge['onreadresource']>>>;
	};
	app.onmessage = async (request) => {
		const text = contentText(request.content).trim();
		if (!text) return { isError: true };
		const sent = await host.sendMessage({ widgetId, server, text, ask: askToSend });
		return sent.ok ? {} : { isError: true };
	};
	app.onupdatemodelcontext = async (request) => {
		const text = [
			contentText(request.content),
			request.structuredContent ? safeStringify(request.structuredContent) : ''
		]
			.filter(Boolean)
			.join('\n');
		host.setModelContext(widgetId, server, text || undefined);
		return {};
	};
	app.onopenlink = async (request) => {
		let url: URL;
		try {
			url = new URL(request.url);
		} catch {
			return { isError: true };
		}
		if (url.protocol !== 'https:' && url.protocol !== 'http:') return { isError: true };
		if (!(await host.confirm(`The view of "${server}" wants to open ${url.href}. Open it in a new tab?`)))
			return { isError: true };
		window.open(url.href, '_blank', 'noopener,noreferrer');
		return {};
	};
	app.ondownloadfile = async (request) => {
		const files = (request.contents ?? []).flatMap((item) => {
			if (item.type !== 'resource') return [];
			const resource = item.resource as { uri: string; mimeType?: string; text?: string; blob?: string };
			const name = resource.uri.split('/').pop() || 'download';
			const body =
				typeof resource.text === 'string'
					? resource.text
					: Uint8Array.from(atob(resource.blob ?? ''), (char) => char.charCodeAt(0));
			return [{ name, blob: new Blob([body], { type: resource.mimeType ?? 'application/octet-stream' }) }];
		});
		if (!files.length) return { isError: true };
		if (
			!(await host.confirm(
				`The view of "${server}" wants to save ${files.map((file) => file.name).join(', ')}. Download?`
			))
		)
			return { isError: true };
		for (const file of files) {
			const link = document.createElement('a');
			link.href = URL.createObjectURL(file.blob);
			link.download = file.name;
			link.click();
			setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
		}
		return {};
	};
}
