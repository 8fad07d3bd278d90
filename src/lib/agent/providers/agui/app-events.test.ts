import { describe, expect, it } from 'vitest';
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { Observable } from 'rxjs';
import { activityEvent, eventUsage, mcpAppParams } from './app-events';

const ops = [
	{
		version: 'v0.9',
		createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' }
	},
	{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'Hi' }] } }
];

/** The events the real A2UI middleware sends for a run whose events are `events`. */
function throughMiddleware(events: BaseEvent[]): Promise<BaseEvent[]> {
	class Scripted extends AbstractAgent {
		run(input: RunAgentInput): Observable<BaseEvent> {
			return new Observable((subscriber) => {
				for (const event of [
					{ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
					...events,
					{ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent
				])
					subscriber.next(event);
				subscriber.complete();
			});
		}
	}
	const input = { threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
	return new Promise((resolve, reject) => {
		const out: BaseEvent[] = [];
		new A2UIMiddleware({ injectA2UITool: true }).run(input as RunAgentInput, new Scripted()).subscribe({
			next: (event) => out.push(event),
			error: reject,
			complete: () => resolve(out)
		});
	});
}

const call = (id: string, name: string, args: string, result?: string): BaseEvent[] => [
	{ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name } as BaseEvent,
	{ type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: args } as BaseEvent,
	{ type: EventType.TOOL_CALL_END, toolCallId: id } as BaseEvent,
	...(result === undefined
		? []
		: [{ type: EventType.TOOL_CALL_RESULT, messageId: `m-${id}`, toolCallId: id, content: result } as BaseEvent])
];

const activities = (events: BaseEvent[]) =>
	events
		.filter((event) => event.type === EventType.ACTIVITY_SNAPSHOT)
		.map((event) => {
			const { messageId, activityType, content } = event as unknown as Record<string, unknown>;
			return activityEvent(String(messageId), String(activityType), content);
		});

describe('AG-UI activities as app events', () => {
	it("reads the real A2UI middleware's a2ui_operations as a surface update", async () => {
		const events = await throughMiddleware(call('c1', 'get_ui', '{}', JSON.stringify({ a2ui_operations: ops })));
		expect(activities(events)).toEqual([{ event: { type: 'surface', key: 'a2ui-surface-c1', messages: ops } }]);
		// The older shapes still draw.
		expect(activityEvent('k', 'a2ui-surface', { operations: ops })).toEqual({
			event: { type: 'surface', key: 'k', messages: ops }
		});
		expect(activityEvent('k', 'a2ui-surface', { messages: ops })).toMatchObject({ event: { messages: ops } });
	});

	it("reads the middleware's generation lifecycle: building, retrying, failed", async () => {
		const streamed = await throughMiddleware(
			call('c2', 'render_a2ui', JSON.stringify({ surfaceId: 's', components: [{ id: 'root', component: 'Text' }] }))
		);
		const states = activities(streamed).map((found) =>
			found && 'event' in found && found.event.type === 'surface' ? (found.event.status?.state ?? 'drawn') : found
		);
		expect(states[0]).toBe('building');
		const failed = await throughMiddleware(
			call(
				'c3',
				'get_ui',
				'{}',
				JSON.stringify({ code: 'a2ui_recovery_exhausted', error: 'bad JSON', attempts: [1, 2] })
			)
		);
		expect(activities(failed)).toEqual([
			{
				event: {
					type: 'surface',
					key: 'a2ui-surface-c3',
					messages: [],
					status: { state: 'failed', detail: 'bad JSON', maxAttempts: 2 }
				}
			}
		]);
		expect(activityEvent('k', 'a2ui-surface', { status: 'retrying', attempt: 2, maxAttempts: 3 })).toEqual({
			event: { type: 'surface', key: 'k', messages: [], status: { state: 'retrying', attempt: 2, maxAttempts: 3 } }
		});
		expect(activityEvent('k', 'a2ui-surface', {})).toBeUndefined();
		expect(activityEvent('k', 'other', { operations: ops })).toBeUndefined();
	});

	it('reads an mcp-apps activity as an opened View, keeping the agent it loads through', () => {
		const content = {
			resourceUri: 'ui://weather/view.html',
			serverHash: 'abc123',
			serverId: 'weather-server',
			toolInput: { city: 'Oslo' },
			result: { content: [{ type: 'text', text: '4 °C' }] }
		};
		expect(activityEvent('m1', 'mcp-apps', content)).toEqual({
			event: {
				type: 'view',
				key: 'm1',
				view: {
					server: 'weather-server',
					tool: 'weather',
					resource: 'ui://weather/view.html',
					toolInput: { city: 'Oslo' },
					toolResult: content.result,
					title: 'MCP App · weather-server'
				}
			}
		});
		expect(mcpAppParams(content, 'http://agent.example/run')).toMatchObject({
			via: { agent: 'http://agent.example/run', serverHash: 'abc123', serverId: 'weather-server' }
		});
		expect(mcpAppParams({ ...content, serverHash: undefined }, 'http://agent.example/run')).not.toHaveProperty('via');
		expect(mcpAppParams({ resourceUri: 'https://evil.example/x', serverId: 's' })).toBeUndefined();
		expect(activityEvent('m2', 'mcp-apps', { resourceUri: 'ui://x' })).toHaveProperty('problem');
	});

	it('reads metadata["ag-ui"].usage, and a terminal event\'s usage list as the run total', () => {
		expect(
			eventUsage({ type: 'TEXT_MESSAGE_END', metadata: { 'ag-ui': { usage: { inputTokens: 12, outputTokens: 3 } } } })
		).toEqual({
			usage: { inputTokens: 12, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 },
			final: false
		});
		expect(
			eventUsage({
				type: 'RUN_FINISHED',
				usage: [
					{ model: 'a', inputTokens: 10, outputTokens: 1, cachedInputTokens: 4 },
					{ model: 'b', inputTokens: 5, outputTokens: 2 }
				]
			})
		).toEqual({ usage: { inputTokens: 15, outputTokens: 3, cacheReadTokens: 4, cacheWriteTokens: 0 }, final: true });
		expect(eventUsage({ type: 'RUN_STARTED', metadata: { 'ag-ui': { usage: { inputTokens: -1 } } } })).toBeUndefined();
		expect(eventUsage({ type: 'RUN_STARTED' })).toBeUndefined();
	});
});
