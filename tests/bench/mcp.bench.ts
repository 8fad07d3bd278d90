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
	const ours = new McpConnection({ name: 'bench', url: server.url });
	try {
		await bare.connect(new StreamableHTTPClientTransport(new URL(server.url)));
		await ours.connect();
		// A real client lists tools before calling them (the SDK caches output validators then).
		await bare.listTools();
		const args = { text: 'x'.repeat(200) };
		const callBare = () => bare.callTool({ name: 'echo', arguments: args });
		const callOurs = () => ours.callTool('echo', args);
		for (let i = 0; i < 50; i++) {
			await callBare();
			await callOurs();
		}
		const bareTimes: number[] = [];
		const ourTimes: number[] = [];
		for (let i = 0; i < 400; i++) {
			if (i % 2) {
				bareTimes.push(await time(callBare));
				ourTimes.push(await time(callOurs));
			} else {
				ourTimes.push(await time(callOurs));
				bareTimes.push(await time(callBare));
			}
		}
		const bareMedian = median(bareTimes);
		const ourMedian = median(ourTimes);
		const overhead = ourMedian - bareMedian;
		emit({ name: 'mcp-call-bare-sdk', value: round(bareMedian), unit: 'ms', target: null, calls: bareTimes.length });
		emit({ name: 'mcp-call-autoui', value: round(ourMedian), unit: 'ms', target: null, calls: ourTimes.length });
		emit({
			name: 'mcp-call-overhead',
			value: round(overhead),
			unit: 'ms',
			target: '<= 1 ms or <= 10%',
			percent: round((overhead / bareMedian) * 100)
		});

		await agentPath(emit, ours, args, bareMedian);
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
