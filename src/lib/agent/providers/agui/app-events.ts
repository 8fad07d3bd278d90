/**
 * The seam where AG-UI becomes the app's own events: an activity is a surface update (an A2UI
 * surface, with the AG-UI A2UI middleware's generation lifecycle) or an app view (the MCP Apps
 * middleware's View), a state event is a state change, and an event's
 * `metadata["ag-ui"].usage` is token usage. Past this file nothing reads AG-UI names.
 */
import type { Usage } from '../../types';
import type { ProviderEvent, SurfaceStatus } from '../types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The A2UI messages an activity carries: `a2ui_operations` (the AG-UI A2UI middleware),
 * `operations`, `messages`, or a list.
 */
export function activityMessages(content: unknown): Json[] {
	const holder = isObject(content) ? content : {};
	const list = Array.isArray(content)
		? content
		: [holder.a2ui_operations, holder.operations, holder.messages].find(Array.isArray);
	return (list ?? []).filter(isObject);
}

const statuses = new Set(['building', 'retrying', 'failed']);
const count = (value: unknown) =>
	typeof value === 'number' && Number.isInteger(value) && value >= 0 ? Math.min(value, 100_000_000) : undefined;

/** The generation lifecycle of an `a2ui-surface` activity (`status: building | retrying | failed`). */
export function activityStatus(content: unknown): SurfaceStatus | undefined {
	if (!isObject(content) || typeof content.status !== 'string' || !statuses.has(content.status)) return undefined;
	const errors = Array.isArray(content.errors) ? content.errors : [];
	const said = [content.error, ...errors.map((error) => (isObject(error) ? error.message : error))].filter(
		(text): text is string => typeof text === 'string' && text !== ''
	);
	const attempt = count(content.attempt);
	const maxAttempts = count(content.maxAttempts);
	const progressTokens = count(content.progressTokens);
	return {
		state: content.status as SurfaceStatus['state'],
		...(said.length ? { detail: said.join('; ').slice(0, 2000) } : {}),
		...(attempt !== undefined ? { attempt: Math.min(attempt, 1000) } : {}),
		...(maxAttempts !== undefined ? { maxAttempts: Math.min(maxAttempts, 1000) } : {}),
		...(progressTokens !== undefined ? { progressTokens } : {})
	};
}

/**
 * The `mcp-app` widget params of an `mcp-apps` activity's content, when it names a View. With
 * the `agent` that sent it and the middleware's `serverHash`, the params keep `via`, so the
 * View can load through that agent when the app has no connection to the server.
 */
export function mcpAppParams(content: unknown, agent?: string): Json | undefined {
	const value = isObject(content) ? content : {};
	const resource = typeof value.resourceUri === 'string' ? value.resourceUri : '';
	const server = [value.serverId, value.serverName, value.serverHash].find(
		(name): name is string => typeof name === 'string' && name.trim() !== ''
	);
	if (!resource.startsWith('ui://') || !server) return undefined;
	const tool = [value.toolName, value.tool].find((name): name is string => typeof name === 'string' && name !== '');
	const result = isObject(value.result) ? value.result : undefined;
	const serverHash = typeof value.serverHash === 'string' ? value.serverHash.slice(0, 200) : '';
	const serverId = typeof value.serverId === 'string' && value.serverId ? value.serverId.slice(0, 200) : undefined;
	const via =
		agent && serverHash ? { agent: agent.slice(0, 2000), serverHash, ...(serverId ? { serverId } : {}) } : undefined;
	return {
		server: server.slice(0, 200),
		tool: (tool ?? resource.slice('ui://'.length).split('/')[0] ?? 'tool').slice(0, 200) || 'tool',
		resource: resource.slice(0, 2000),
		toolInput: isObject(value.toolInput) ? value.toolInput : {},
		...(result ? { toolResult: result } : {}),
		...(via ? { via } : {}),
		title: `${tool ?? 'MCP App'} · ${server}`.slice(0, 200)
	};
}

/** The app event an activity stands for, or a problem to report; undefined for others and empty surfaces. */
export function activityEvent(
	messageId: string,
	activityType: string,
	content: unknown,
	agent?: string
): { event: ProviderEvent } | { problem: string } | undefined {
	if (activityType === 'a2ui-surface') {
		const messages = activityMessages(content);
		const status = activityStatus(content);
		if (!messages.length && !status) return undefined;
		return { event: { type: 'surface', key: messageId, messages, ...(status && !messages.length ? { status } : {}) } };
	}
	if (activityType === 'mcp-apps') {
		const view = mcpAppParams(content, agent);
		if (!view) return { problem: 'MCP App activity not drawn: it names no ui:// resource or server' };
		return { event: { type: 'view', key: messageId, view } };
	}
	return undefined;
}

/** One usage entry (AG-UI's TokenUsage: `inputTokens`, `outputTokens`, `cachedInputTokens`, …) as the app's. */
function usageEntry(usage: unknown): Partial<Usage> | undefined {
	if (!isObject(usage)) return undefined;
	const pick = (...keys: string[]) => keys.map((key) => count(usage[key])).find((value) => value !== undefined);
	const inputTokens = pick('inputTokens', 'input_tokens', 'promptTokens', 'prompt_tokens');
	const outputTokens = pick('outputTokens', 'output_tokens', 'completionTokens', 'completion_tokens');
	const cacheReadTokens = pick('cachedInputTokens', 'cacheReadTokens', 'cache_read_input_tokens');
	const cacheWriteTokens = pick('cacheWriteInputTokens', 'cacheWriteTokens');
	if (inputTokens === undefined && outputTokens === undefined) return undefined;
	return { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens };
}

/** The sum of usage entries (one, or a list of them), or undefined when none counts tokens. */
function usageOf(value: unknown): Usage | undefined {
	const entries = (Array.isArray(value) ? value.slice(0, 100) : [value]).map(usageEntry).filter((entry) => !!entry);
	if (!entries.length) return undefined;
	const sum = (key: keyof Usage) => entries.reduce((total, entry) => total + (entry[key] ?? 0), 0);
	return {
		inputTokens: sum('inputTokens'),
		outputTokens: sum('outputTokens'),
		cacheReadTokens: sum('cacheReadTokens'),
		cacheWriteTokens: sum('cacheWriteTokens')
	};
}

/**
 * The token usage an event reports: `metadata["ag-ui"].usage` on any event, and a terminal
 * event's own `usage` list (RUN_FINISHED, RUN_ERROR: the run's totals, `final`).
 */
export function eventUsage(event: unknown): { usage: Usage; final: boolean } | undefined {
	if (!isObject(event)) return undefined;
	const own = usageOf(event.usage);
	if (own) return { usage: own, final: true };
	const protocol = isObject(event.metadata) ? event.metadata['ag-ui'] : undefined;
	const reported = isObject(protocol) ? usageOf(protocol.usage) : undefined;
	return reported ? { usage: reported, final: false } : undefined;
}
