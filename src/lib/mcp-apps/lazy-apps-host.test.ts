import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '$lib/agent/events';
import type { ToolCallResult } from '$lib/shared';
import type { HostConnection, McpAppsHostOptions } from './apps-host';
import { lazyMcpAppsHost } from './lazy-apps-host';

const seen = vi.hoisted(() => ({ events: [] as string[], calls: [] as string[], hosts: 0 }));

// The real host is tested in apps-host.test.ts; here it only records what reaches it.
vi.mock('./apps-host', () => ({
	McpAppsHost: class {
		constructor() {
			seen.hosts++;
		}
		agentEvent(event: AgentEvent) {
			seen.events.push(event.type === 'tool-input-delta' ? `delta ${event.json}` : event.type);
		}
		observe(connection: HostConnection) {
			return {
				callTool: async (name: string): Promise<ToolCallResult> => {
					seen.calls.push(`${connection.name} ${name}`);
					return { content: [{ type: 'text', text: 'done' }] };
				}
			};
		}
		withModelContext(text: string) {
			return `${text} [context]`;
		}
	}
}));

const options = { serverConnected: (server: string) => server === 'clock' } as unknown as McpAppsHostOptions;
const delta = (partial: string) =>
	({
		type: 'tool-input-delta',
		iteration: 0,
		callId: 'c1',
		name: 'clock_mcp_get-time',
		json: partial,
		at: 0,
		turnId: 't1'
	}) as AgentEvent;
const connection = {
	name: 'clock',
	protocol: 'mcp',
	tools: [],
	listTools: async () => [],
	callTool: async () => ({ content: [] })
} as unknown as HostConnection;

describe('lazyMcpAppsHost', () => {
	it('loads with the first streamed tool input and applies the events given meanwhile in order', async () => {
		seen.events = [];
		const host = lazyMcpAppsHost(options);
		host.agentEvent({ type: 'turn-start', turnId: 't1', text: 'hi' } as AgentEvent);
		host.agentEvent(delta('{"zone"'));
		host.agentEvent({ type: 'step-end' } as unknown as AgentEvent);
		host.agentEvent(delta('{"zone":"UTC"}'));
		expect(seen.events).toEqual([]);
		expect(host.withModelContext('question')).toBe('question');
		await vi.waitFor(() => expect(seen.events).toHaveLength(3));
		expect(seen.events).toEqual(['delta {"zone"', 'step-end', 'delta {"zone":"UTC"}']);
		host.agentEvent({ type: 'done' } as unknown as AgentEvent);
		expect(seen.events.at(-1)).toBe('done');
		expect(host.withModelContext('question')).toBe('question [context]');
	});

	it('gives the agent one server object before and after the load, whose calls reach the host', async () => {
		seen.calls = [];
		const host = lazyMcpAppsHost(options);
		const before = host.observe(connection);
		expect(before.name).toBe('clock');
		const result = await before.callTool('get-time', {});
		expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
		expect(host.observe(connection)).toBe(before);
		expect(seen.calls).toEqual(['clock get-time']);
		expect(host.serverConnected('clock')).toBe(true);
	});
});
