/**
 * One View's own tools over its bridge (loaded with the view code): once the View has
 * initialized and declared `appCapabilities.tools`, the host asks `tools/list` (pages
 * followed, at most 50 tools kept), again on each `notifications/tools/list_changed`, and
 * hands the list to the page's `ViewToolSource`. Calls go out as `tools/call` to the View,
 * each bounded to 30 s, and a result over 10 MB (as JSON) is refused. Whatever the View
 * sends is checked: names must be tool names, schemas objects; anything else is left out,
 * and the console says what was.
 */
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { errorMessage, isPlainObject, safeStringify, type ToolCallResult, type ToolDefinition } from '$lib/shared';
import type { ViewEventInput } from './host-port';
import { viewGoneMessage, viewToolLimits, type ViewToolPort } from './view-tools';

/** How long the View has to answer `tools/list`. */
export const viewToolListTimeoutMs = 10_000;
/** Pages of `tools/list` followed at most. */
const maxPages = 5;
const toolName = /^[a-zA-Z0-9_.-]{1,128}$/;

/** A View's tool as the agent takes it, or the reason it is left out. */
export function readViewTool(value: unknown): ToolDefinition | string {
	if (!isPlainObject(value) || typeof value.name !== 'string') return 'a tool without a name';
	const name = value.name;
	if (!toolName.test(name)) return `"${name.slice(0, 40)}" (not a tool name)`;
	const schema = value.inputSchema;
	if (schema !== undefined && (!isPlainObject(schema) || (schema.type !== undefined && schema.type !== 'object')))
		return `${name} (its input schema is not an object schema)`;
	const text = (field: unknown, max: number) => (typeof field === 'string' ? field.slice(0, max) : undefined);
	const annotations = isPlainObject(value.annotations) ? value.annotations : undefined;
	const hints = annotations
		? Object.fromEntries(
				(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
					.filter((key) => typeof annotations[key] === 'boolean')
					.map((key) => [key, annotations[key]])
			)
		: {};
	const title = text(value.title, 200);
	const description = text(value.description, 2_000);
	return {
		name,
		...(title ? { title } : {}),
		...(description ? { description } : {}),
		inputSchema: isPlainObject(schema) ? { type: 'object', ...schema } : { type: 'object' },
		...(isPlainObject(value.outputSchema) ? { outputSchema: value.outputSchema } : {}),
		...(Object.keys(hints).length ? { annotations: hints } : {})
	};
}

/** A View's `tools/call` answer as a tool result; a result that is not one, or too large, is an error result. */
export function readViewResult(value: unknown): ToolCallResult {
	const size = safeStringify(value).length;
	if (size > viewToolLimits.resultBytes)
		return {
			content: [
				{
					type: 'text',
					text: `The View's result was ${Math.round(size / 1024 / 1024)} MB, over the ${viewToolLimits.resultBytes / 1024 / 1024} MB a View's tool may return; it was dropped.`
				}
			],
			isError: true
		};
	if (!isPlainObject(value) || !Array.isArray(value.content))
		return {
			content: [{ type: 'text', text: "The View's answer was not a tool result (no content list)." }],
			isError: true
		};
	return value as unknown as ToolCallResult;
}

/** Options of {@link attachViewTools}. */
export interface ViewToolsOptions {
	widgetId: string;
	server: string;
	source: ViewToolPort;
	record(event: ViewEventInput): void;
}

/** Starts following a View's tools when it declared them; `close(why)` takes them away again. */
export function attachViewTools(app: AppBridge, options: ViewToolsOptions): { close(why: string): void } | undefined {
	if (!app.getAppCapabilities()?.tools) return undefined;
	const { widgetId, server, source } = options;
	const stop = new AbortController();
	const note = (status: 'ok' | 'refused' | 'error', detail: string) =>
		options.record({ widgetId, server, method: 'tools/list', direction: 'out', status, detail });
	const channel = {
		async call(name: string, args: Record<string, unknown>, { signal }: { signal?: AbortSignal }) {
			if (stop.signal.aborted)
				return { content: [{ type: 'text' as const, text: viewGoneMessage(server, widgetId) }], isError: true };
			const bound = AbortSignal.any([stop.signal, ...(signal ? [signal] : [])]);
			try {
				return readViewResult(
					await app.callTool({ name, arguments: args }, { timeout: viewToolLimits.callMs, signal: bound })
				);
			} catch (error) {
				if (stop.signal.aborted)
					return { content: [{ type: 'text' as const, text: viewGoneMessage(server, widgetId) }], isError: true };
				if (signal?.aborted) throw error;
				const timedOut = /timed? ?out/i.test(errorMessage(error));
				const text = timedOut
					? `The View did not answer ${name} within ${viewToolLimits.callMs / 1000} s.`
					: `The View's tool ${name} failed: ${errorMessage(error)}`;
				return { content: [{ type: 'text' as const, text }], isError: true };
			}
		}
	};
	let listing = 0;
	const list = async () => {
		const mine = ++listing;
		const found: unknown[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < maxPages && found.length <= viewToolLimits.tools; page++) {
			const answer = await app.listTools(cursor ? { cursor } : {}, {
				timeout: viewToolListTimeoutMs,
				signal: stop.signal
			});
			found.push(...(Array.isArray(answer.tools) ? answer.tools : []));
			cursor = typeof answer.nextCursor === 'string' ? answer.nextCursor : undefined;
			if (!cursor) break;
		}
		if (mine !== listing || stop.signal.aborted) return;
		const tools: ToolDefinition[] = [];
		const left: string[] = [];
		const names = new Set<string>();
		for (const value of found) {
			const tool = readViewTool(value);
			if (typeof tool === 'string') left.push(tool);
			else if (names.has(tool.name)) left.push(`${tool.name} (listed twice)`);
			else if (tools.length >= viewToolLimits.tools) left.push(tool.name);
			else {
				names.add(tool.name);
				tools.push(tool);
			}
		}
		source.set(widgetId, server, tools, channel);
		note(
			left.length ? 'refused' : 'ok',
			`${tools.length} tools for the agent: ${tools.map((tool) => tool.name).join(', ') || 'none'}${left.length ? ` · left out (${viewToolLimits.tools} at most, names and object schemas only): ${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}` : ''}`
		);
	};
	const refresh = () =>
		void list().catch((error) => {
			if (!stop.signal.aborted) note('error', `The View's tools could not be listed: ${errorMessage(error)}`);
		});
	try {
		app.setNotificationHandler('notifications/tools/list_changed', refresh);
	} catch {
		// A handler is already there (another binding): the first listing still happens.
	}
	refresh();
	return {
		close(why) {
			if (stop.signal.aborted) return;
			stop.abort();
			source.close(widgetId, viewGoneMessage(server, widgetId, why));
		}
	};
}
