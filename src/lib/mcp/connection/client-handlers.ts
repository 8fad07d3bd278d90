/**
 * Requests a server sends to us (sampling, elicitation, roots) and its log messages. The
 * module that answers them hands in a `ClientHandlers`; a capability is advertised only when
 * its handler is present, and each request gets an answer, a refusal or the user's decision.
 */
import type {
	Client,
	ClientCapabilities,
	CreateMessageRequest,
	CreateMessageResult,
	ElicitRequest,
	ElicitResult,
	LoggingMessageNotification,
	Root
} from '@modelcontextprotocol/client';
import type { CallerInfo } from '$lib/shared';
import { taskRequestsCapability } from './task-receiver';
import { uiExtensionId, viewMimeType } from './ui-extension';

/** A tool call in progress on the server that sent a request. */
export interface ActiveCall {
	tool: string;
	/** Who made it (the model's turn, or a call by hand), when the caller said. */
	caller?: CallerInfo;
	/** Stops the call's timeout until the returned release is called. */
	hold(): () => void;
}

/** What is known around a server's request: the calls in progress on that server when it came. */
export interface RequestContext {
	calls: readonly ActiveCall[];
}

/** How one server's requests are answered. Every member is optional. */
export interface ClientHandlers {
	/** roots/list: the roots the user gave this server (a promise while their keeper loads). */
	listRoots?(): Root[] | Promise<Root[]>;
	/** sampling/createMessage; reject to refuse (the server receives an error). */
	createMessage?(
		params: CreateMessageRequest['params'],
		signal: AbortSignal,
		context: RequestContext
	): Promise<CreateMessageResult>;
	/** elicitation/create (form and URL modes). */
	elicit?(params: ElicitRequest['params'], signal: AbortSignal, context: RequestContext): Promise<ElicitResult>;
	/** notifications/message. */
	onLogMessage?(params: LoggingMessageNotification['params']): void;
}

/**
 * The capabilities the handlers answer for (sampling and elicitation also as tasks), and the MCP Apps extension (`io.modelcontextprotocol/ui`):
 * this app renders `text/html;profile=mcp-app` Views in its MCP Apps host.
 */
export function capabilitiesFor(handlers: ClientHandlers | undefined): ClientCapabilities {
	const capabilities: ClientCapabilities = { extensions: { [uiExtensionId]: { mimeTypes: [viewMimeType] } } };
	if (handlers?.listRoots) capabilities.roots = { listChanged: true };
	if (handlers?.createMessage) capabilities.sampling = {};
	if (handlers?.elicit) capabilities.elicitation = { form: {}, url: {} };
	// Sampling and elicitation also run as tasks (task-receiver.ts), so servers offer their task tools.
	const tasks = taskRequestsCapability(handlers);
	if (tasks) capabilities.tasks = tasks;
	return capabilities;
}

/**
 * Registers the handlers on a client (before it connects); `activeCalls` tells them what is in
 * progress. On a 2026-07-28 connection the same handlers answer the `input_required` requests
 * a server embeds in its results (the SDK fulfils them and retries the call).
 */
export function installHandlers(
	client: Client,
	handlers: ClientHandlers | undefined,
	activeCalls: () => readonly ActiveCall[] = () => []
): void {
	if (!handlers) return;
	const { listRoots, createMessage, elicit, onLogMessage } = handlers;
	if (listRoots) client.setRequestHandler('roots/list', async () => ({ roots: await listRoots() }));
	if (createMessage)
		client.setRequestHandler('sampling/createMessage', (request, context) =>
			createMessage(request.params, context.mcpReq.signal, { calls: activeCalls() })
		);
	if (elicit)
		client.setRequestHandler('elicitation/create', (request, context) =>
			elicit(request.params, context.mcpReq.signal, { calls: activeCalls() })
		);
	if (onLogMessage)
		client.setNotificationHandler('notifications/message', (notification) => onLogMessage(notification.params));
}
