/**
 * MCP call path: overhead of McpConnection.callTool over the bare SDK Client.callTool on
 * loopback (same server, same tool, interleaved rounds, medians); what the agent's per-call
 * path adds on top (a manual call through `Conversation.callTool`: registry, policy, argument
 * validation, deadline, result storage, events), also against an in-memory server, where
 * only the agent's own work is timed; and the wall time of five parallel calls to a tool that
 * sleeps 200 ms (they should overlap, not queue).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import {
	Client as ClientV2,
	StreamableHTTPClientTransport as StreamableHTTPClientTransportV2
} from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator as CfWorkerJsonSchemaValidatorV2 } from '@modelcontextprotocol/client/validators/cf-worker';
import { Conversation } from '$lib/agent/session/conversation';
import { createMemoryToolServer } from '$lib/agent/testing/memory-server';
import type { ToolServer } from '$lib/shared';
import type { McpLayer } from '$lib/agent';
import { McpConnection } from '$lib/mcp';
import { startFixtureServer } from '../fixtures/mcp/launchers';

type Emit = (figure: Record<string, unknown>) => void;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
	const start = performance.now();
	await fn();
	return performance.now() - start;
}

export default async function run(emit: Emit): Promise<void> {
	const server = await startFixtureServer();
	const bare = new Client({ name: 'bench', version: '1' }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
	// The client generation the app is built on, bare: what our own code adds is measured against it too.
	const bareV2 = new ClientV2(
		{ name: 'bench', version: '1' },
		{ jsonSchemaValidator: new CfWorkerJsonSchemaValidatorV2() }
	);
	const ours = new McpConnection({ name: 'bench', url: server.url });
	try {
		await bare.connect(new StreamableHTTPClientTransport(new URL(server.url)));
		await bareV2.connect(new StreamableHTTPClientTransportV2(new URL(server.url)));
		await ours.connect();
		// A real client lists tools before calling them (the SDK caches output validators then).
		await bare.listTools();
		await bareV2.listTools();
		const args = { text: 'x'.repeat(200) };
		const calls = {
			bare: () => bare.callTool({ name: 'echo', arguments: args }),
			bareV2: () => bareV2.callTool({ name: 'echo', arguments: args }),
			ours: () => ours.callTool('echo', args)
		};
		type Kind = keyof typeof calls;
		const kinds = Object.keys(calls) as Kind[];
		for (let i = 0; i < 50; i++) for (const kind of kinds) await calls[kind]();
		const times: Record<Kind, number[]> = { bare: [], bareV2: [], ours: [] };
		// CPU time of this process, the client side (the server runs in a process of its own): a busy machine skews it far less than wall time.
		const cpu: Record<Kind, number> = { bare: 0, bareV2: 0, ours: 0 };
		for (let i = 0; i < 600; i++) {
			// Rotate the order so that no kind always runs first or last in a round.
			for (let k = 0; k < kinds.length; k++) {
				const kind = kinds[(i + k) % kinds.length];
				const before = process.cpuUsage();
				times[kind].push(await time(calls[kind]));
				const used = process.cpuUsage(before);
				cpu[kind] += used.user + used.system;
			}
		}
		const bareMedian = median(times.bare);
		const v2Median = median(times.bareV2);
		const ourMedian = median(times.ours);
		const overhead = ourMedian - bareMedian;
		const count = times.ours.length;
		const cpuMs = (kind: Kind) => round(cpu[kind] / 1000 / count);
		emit({ name: 'mcp-call-bare-sdk', value: round(bareMedian), unit: 'ms', target: null, calls: count });
		emit({ name: 'mcp-call-bare-v2-client', value: round(v2Median), unit: 'ms', target: null, calls: count });
		emit({ name: 'mcp-call-autoui', value: round(ourMedian), unit: 'ms', target: null, calls: count });
		emit({
			name: 'mcp-call-overhead',
			value: round(overhead),
			unit: 'ms',
			target: '<= 1 ms or <= 10%',
			percent: round((overhead / bareMedian) * 100),
			overV2Client: round(ourMedian - v2Median),
			overV2ClientPercent: round(((ourMedian - v2Median) / v2Median) * 100)
		});
		emit({
			name: 'mcp-call-cpu',
			value: cpuMs('ours'),
			unit: 'ms',
			target: null,
			bareSdk: cpuMs('bare'),
			bareV2Client: cpuMs('bareV2'),
			percentOverBareSdk: round(((cpu.ours - cpu.bare) / cpu.bare) * 100),
			percentOverV2Client: round(((cpu.ours - cpu.bareV2) / cpu.bareV2) * 100),
			note: 'CPU per call of the client side (the server is another process)'
		});

		// A connection of its own: the v2 SDK's Streamable HTTP transport leaves an abort listener on its
		// long-lived signal per request under Node (warnings from the 1,500th call on), which would skew these figures.
		const forAgent = new McpConnection({ name: 'bench', url: server.url });
		await forAgent.connect();
		try {
			await agentPath(emit, forAgent, args, bareMedian);
		} finally {
			await forAgent.close();
		}
		await agentPathInMemory(emit, args);

		const walls: number[] = [];
		for (let round = 0; round < 3; round++) {
			walls.push(await time(() => Promise.all(Array.from({ length: 5 }, () => ours.callTool('sleep', { ms: 200 })))));
		}
		emit({
			name: 'mcp-5-parallel-200ms-calls',
			value: Math.round(median(walls)),
			unit: 'ms',
			target: '~200 ms (parallel, not 1000 ms)'
		});
	} finally {
		await ours.close();
		await bare.close();
		await bareV2.close();
		await server.stop();
	}
}

/** A conversation whose manual calls go to `server` (the tools re-read for every call, as the page does). */
function benchConversation(server: ToolServer, layer: () => McpLayer) {
	const conversation = new Conversation({
		provider: () => Promise.reject(new Error('no model in this benchmark')),
		tools: () => ({ layers: [layer()], servers: [server] }),
		ui: {},
		loopOptions: () => ({ policy: { maxCallsPerSession: 100_000 } }),
		onChange: () => {}
	});
	return async (args: Record<string, unknown>) => {
		const outcome = await conversation.callTool({ tool: 'bench_mcp_echo', args, origin: 'manual' });
		if (!outcome.ok) throw new Error(`the agent path failed: ${outcome.error}`);
	};
}

/** The agent's own work per call: manual calls to an in-memory echo tool (no network). */
async function agentPathInMemory(emit: Emit, args: Record<string, unknown>): Promise<void> {
	const server = createMemoryToolServer('bench', 'mcp', [
		{
			name: 'echo',
			description: 'Echoes the text back.',
			inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
			handler: (input) => String(input.text)
		}
	]);
	const call = benchConversation(server, () => ({ protocol: 'mcp', serverName: 'bench', tools: server.definitions }));
	for (let i = 0; i < 300; i++) await call(args);
	const calls = 3_000;
	const started = performance.now();
	for (let i = 0; i < calls; i++) await call(args);
	emit({
		name: 'mcp-call-agent-path-in-memory',
		value: round((performance.now() - started) / calls),
		unit: 'ms',
		target: null,
		calls,
		note: 'the agent alone: registry, policy, validation, deadline, storage, events'
	});
}

/** The same call as a manual call through the agent (interleaved with the bare connection). */
async function agentPath(
	emit: Emit,
	connection: McpConnection,
	args: Record<string, unknown>,
	bareMedian: number
): Promise<void> {
	const call = benchConversation(connection, () => connection.layer());
	const callAgent = () => call(args);
	const callConnection = () => connection.callTool('echo', args);
	for (let i = 0; i < 50; i++) {
		await callAgent();
		await callConnection();
	}
	const agentTimes: number[] = [];
	const connectionTimes: number[] = [];
	// CPU time of this process (client and loopback server alike), which a busy machine skews far less than wall time.
	const cpu = { agent: 0, connection: 0 };
	const measure = async (call: () => Promise<unknown>, times: number[], key: keyof typeof cpu) => {
		const before = process.cpuUsage();
		times.push(await time(call));
		const used = process.cpuUsage(before);
		cpu[key] += used.user + used.system;
	};
	for (let i = 0; i < 400; i++) {
		if (i % 2) {
			await measure(callAgent, agentTimes, 'agent');
			await measure(callConnection, connectionTimes, 'connection');
		} else {
			await measure(callConnection, connectionTimes, 'connection');
			await measure(callAgent, agentTimes, 'agent');
		}
	}
	const agentMedian = median(agentTimes);
	const added = agentMedian - median(connectionTimes);
	emit({ name: 'mcp-call-agent-path', value: round(agentMedian), unit: 'ms', target: null, calls: agentTimes.length });
	emit({
		name: 'mcp-call-agent-overhead',
		value: round(added),
		unit: 'ms',
		target: '<= 10% of the bare SDK call',
		percent: round((added / bareMedian) * 100)
	});
	const perCall = (micros: number) => round(micros / 1000 / agentTimes.length);
	emit({
		name: 'mcp-call-agent-cpu-overhead',
		value: perCall(cpu.agent - cpu.connection),
		unit: 'ms',
		target: null,
		agentCpu: perCall(cpu.agent),
		connectionCpu: perCall(cpu.connection),
		percent: round(((cpu.agent - cpu.connection) / cpu.connection) * 100)
	});
}

function round(value: number): number {
	return Math.round(value * 1000) / 1000;
}
