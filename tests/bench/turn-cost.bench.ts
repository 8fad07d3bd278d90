/**
 * The cost of a turn: three questions answered the old way (the model reads the rows and
 * re-types them inside widget_display) and by reference (one widget_display with a `source`
 * whose `{"$ref": "source#/rows"}` binds the rows; the model never sees or writes a row).
 *
 * Everything but the model is real: the embedded datasets server (DuckDB over the vega data
 * sets, through an in-memory MCP transport), the autoui display server validating every
 * widget, and runAgentLoop's dispatcher. The model is a scripted fake whose cost follows a
 * latency model: each request takes time-to-first-token plus output tokens / tokens-per-second
 * (defaults 600 ms and 60 tokens/s; set TURN_COST_TTFT_MS and TURN_COST_TOKENS_PER_S).
 * Tokens are estimated as characters / 4 for both modes; input tokens are everything a
 * request carries (system prompt, tools, messages); output tokens are what the model wrote
 * (text and tool calls). Simulated wall time = the model's simulated time + the real time
 * the tools took. Both modes start where the recipes are known (the SQL is the same), so
 * the figures isolate what data by reference changes.
 *
 * In the inline mode the result limit is raised so the model can read every row it must
 * copy; with the default limit it would need extra recall requests, which costs more still.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { runAgentLoop, type AgentLoopResult, type ProviderRequest } from '$lib/agent';
import { createMockProvider, lastToolResults, type MockStep } from '$lib/agent/testing';
import { createDatasetsMcpServer, DatasetEngine } from '$lib/server/datasets';
import type { ToolCallResult, ToolDefinition, ToolServer } from '$lib/shared';
import { autoui } from '$lib/webmcp';

type Emit = (figure: Record<string, unknown>) => void;
type Mode = 'inline' | 'reference';

interface Question {
	key: string;
	text: string;
	sql: string;
	limit?: number;
	widget: string;
	/** Widget params besides the rows (`rowsKey` receives the rows). */
	params: Record<string, unknown>;
	rowsKey: string;
}

const QUESTIONS: Question[] = [
	{
		key: 'bar-3-rows',
		text: 'Average horsepower by origin as a bar chart',
		sql: 'SELECT Origin, round(avg(Horsepower), 1) AS avg_hp FROM cars GROUP BY Origin ORDER BY Origin',
		widget: 'bar',
		params: { x: 'Origin', y: 'avg_hp', title: 'Average horsepower by origin' },
		rowsKey: 'data'
	},
	{
		key: 'table-200-rows',
		text: 'Show 200 cars as a table',
		sql: 'SELECT Name, Origin, Horsepower, Miles_per_Gallon, Weight_in_lbs FROM cars ORDER BY Name LIMIT 200',
		widget: 'data-table',
		params: { title: 'Cars' },
		rowsKey: 'rows'
	},
	{
		key: 'scatter-2000-points',
		text: 'Distance against delay for 2,000 flights as a scatter plot',
		sql: 'SELECT distance, delay FROM flights_2k',
		limit: 2_000,
		widget: 'scatter',
		params: { x: 'distance', y: 'delay', title: 'Delay by distance' },
		rowsKey: 'data'
	}
];

const ttftMs = Number(process.env.TURN_COST_TTFT_MS ?? 600);
const tokensPerSecond = Number(process.env.TURN_COST_TOKENS_PER_S ?? 60);
const tokens = (chars: number) => Math.ceil(chars / 4);

/** A ToolServer over an MCP client (what McpConnection is, minus reconnecting). */
function clientServer(name: string, client: Client): ToolServer {
	return {
		name,
		protocol: 'mcp',
		async listTools() {
			return (await client.listTools()).tools as ToolDefinition[];
		},
		async callTool(tool, args, options = {}) {
			return (await client.callTool({ name: tool, arguments: args }, undefined, {
				signal: options.signal,
				timeout: options.timeoutMs
			})) as ToolCallResult;
		}
	};
}

function rowsOf(request: ProviderRequest): unknown[] {
	const [result] = lastToolResults(request);
	const parsed = JSON.parse(result.content) as { rows?: unknown[] };
	if (!Array.isArray(parsed.rows)) throw new Error(`expected rows, got ${result.content.slice(0, 200)}`);
	return parsed.rows;
}

function script(question: Question, mode: Mode): MockStep[] {
	const args = { sql: question.sql, ...(question.limit ? { limit: question.limit } : {}) };
	const done = { text: `Here is ${question.text.toLowerCase()}.` };
	if (mode === 'reference') {
		return [
			{
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: question.widget,
							params: { ...question.params, [question.rowsKey]: { $ref: 'source#/rows' } },
							source: { tool: 'datasets_mcp_query_sql', args }
						}
					}
				]
			},
			done
		];
	}
	return [
		{ toolCalls: [{ name: 'datasets_mcp_query_sql', input: args }] },
		(request) => ({
			toolCalls: [
				{
					name: 'autoui_webmcp_widget_display',
					input: { name: question.widget, params: { ...question.params, [question.rowsKey]: rowsOf(request) } }
				}
			]
		}),
		done
	];
}

interface Cost {
	requests: number;
	inputTokens: number;
	outputTokens: number;
	displayOutputTokens: number;
	modelMs: number;
	toolMs: number;
	wallMs: number;
	rows: number;
}

async function play(
	question: Question,
	mode: Mode,
	servers: ToolServer[],
	layers: Parameters<typeof runAgentLoop>[1]['layers']
): Promise<Cost> {
	const provider = createMockProvider(script(question, mode));
	let shownRows = -1;
	const started = performance.now();
	const result: AgentLoopResult = await runAgentLoop(question.text, {
		provider,
		layers,
		servers,
		lazy: false,
		policy: mode === 'inline' ? { maxResultChars: 2_000_000, maxArgsChars: 2_000_000 } : {},
		callbacks: {
			onWidget: (_type, params) => {
				const rows = params[question.rowsKey];
				shownRows = Array.isArray(rows) ? rows.length : -1;
				return { id: 'w_bench' };
			}
		}
	});
	const toolMs = performance.now() - started;
	if (result.reason !== 'end_turn')
		throw new Error(`${question.key} (${mode}) ended with ${result.reason}: ${result.error?.message ?? ''}`);
	const failed = result.calls.filter((call) => call.error);
	if (failed.length) throw new Error(`${question.key} (${mode}): ${failed.map((call) => call.error).join('; ')}`);
	if (shownRows <= 0) throw new Error(`${question.key} (${mode}) displayed no rows`);
	let inputTokens = 0;
	for (const request of provider.requests)
		inputTokens += tokens(
			request.system.length + JSON.stringify(request.tools).length + JSON.stringify(request.messages).length
		);
	// What each request's model wrote: the assistant message the next request carries (or the final text).
	const written = result.messages
		.filter((message) => message.role === 'assistant')
		.map((message) => tokens(JSON.stringify(message.content).length));
	const outputTokens = written.reduce((sum, value) => sum + value, 0);
	const displayOutputTokens = Math.max(
		0,
		...result.messages
			.filter(
				(message) =>
					message.role === 'assistant' &&
					message.content.some((block) => block.type === 'tool_use' && block.name.endsWith('widget_display'))
			)
			.map((message) => tokens(JSON.stringify(message.content).length))
	);
	const modelMs = written.reduce((sum, out) => sum + ttftMs + (out / tokensPerSecond) * 1000, 0);
	return {
		requests: provider.requests.length,
		inputTokens,
		outputTokens,
		displayOutputTokens,
		modelMs,
		toolMs,
		wallMs: modelMs + toolMs,
		rows: shownRows
	};
}

export default async function run(emit: Emit): Promise<void> {
	const engine = await DatasetEngine.create();
	// Warm the engine (start-up and the tables' first scan) so neither mode pays it.
	for (const question of QUESTIONS) await engine.query(question.sql, { limit: question.limit });
	const server = createDatasetsMcpServer(engine);
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: 'turn-cost-bench', version: '1.0.0' });
	await client.connect(clientSide);
	try {
		const datasets = clientServer('datasets', client);
		const layers = [
			autoui.layer(),
			{ protocol: 'mcp' as const, serverName: 'datasets', tools: await datasets.listTools() }
		];
		const servers = [autoui, datasets];
		// One unmeasured turn loads the widget catalog and validators, so no question pays for it.
		await play(QUESTIONS[0], 'reference', servers, layers);
		emit({
			name: 'turn-cost-latency-model',
			value: ttftMs,
			unit: 'ms to first token',
			target: null,
			tokensPerSecond,
			estimate: 'tokens = characters / 4'
		});
		for (const question of QUESTIONS) {
			const inline = await play(question, 'inline', servers, layers);
			const reference = await play(question, 'reference', servers, layers);
			if (inline.rows !== reference.rows)
				throw new Error(`${question.key}: inline showed ${inline.rows} rows, by reference ${reference.rows}`);
			for (const [mode, cost] of [
				['inline', inline],
				['reference', reference]
			] as const) {
				emit({
					name: `turn-cost-${question.key}-${mode}`,
					value: Math.round(cost.wallMs),
					unit: 'ms simulated',
					target: mode === 'reference' ? 'display ≤ 300 output tokens' : null,
					rows: cost.rows,
					requests: cost.requests,
					inputTokens: cost.inputTokens,
					outputTokens: cost.outputTokens,
					displayOutputTokens: cost.displayOutputTokens,
					modelMs: Math.round(cost.modelMs),
					toolMs: Math.round(cost.toolMs)
				});
			}
			emit({
				name: `turn-cost-${question.key}-speedup`,
				value: Math.round((inline.wallMs / reference.wallMs) * 10) / 10,
				unit: '× faster by reference',
				target: question.key.startsWith('scatter') ? '≥ 20×' : null,
				outputTokensRatio: Math.round((inline.outputTokens / reference.outputTokens) * 10) / 10,
				inputTokensRatio: Math.round((inline.inputTokens / reference.inputTokens) * 10) / 10
			});
		}
	} finally {
		await client.close();
		await server.close();
		engine.close();
	}
}
