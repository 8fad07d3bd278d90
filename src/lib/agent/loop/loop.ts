/**
 * The agent loop: one user turn, as a plain loop with readable stop conditions.
 *
 *   messages = repair(history) + user input            (merged into a dangling user message)
 *   do
 *     stop if aborted | iteration = maxIterations
 *     tools = discovery ∪ activated servers ∪ exposed tools   (or every tool when lazy = false)
 *     messages = compress(results older than 2 iterations)
 *     turn = provider.streamTurn(system, messages, tools)     (text deltas streamed)
 *     stop if the stream failed (error) or was aborted (partial text kept)
 *     append turn.message
 *     stop if no tool_use (end_turn / max_tokens)
 *     append one tool_result per tool_use (dispatcher: concurrent, ordered)
 *     stop if aborted | a limit refused calls twice
 *   done(reason)
 */
import { AutoUiError, errorMessage, isAbortError, isPlainObject, randomId } from '$lib/shared';
import type { Limiter } from '../dispatch/async';
import { compressHistory } from './compress';
import { dispatchToolCalls, type DispatchContext, type EventInput, type TurnProgress } from '../dispatch';
import { matchServers } from '../dispatch/context';
import type { AgentEvent, DoneReason, SchemaPatch } from '../events';
import { appendUserInput, messageText, repairHistory } from '../session/history';
import type { AgentLoopOptions, AgentLoopResult, IterationMetrics, ToolCallMetrics } from './loop-types';
import { isBlocked, resolvePolicy, toolChoiceFor, type ToolPolicy } from '../policy';
import { promptFromRegistry } from './prompt';
import type { ProviderTurn } from '../providers/types';
import { buildToolRegistry } from '../tools/registry';
import { withGoneTools } from '../tools/gone-tools';
import { createAgentState, type AgentState } from './state';
import { allTools, createToolCatalog, discoveryTools, withServer, withTools, type ToolCatalog } from '../tools/catalog';
import type { AssistantMessage, ChatMessage, ProviderTool, ToolLayer, ToolUseBlock, Usage } from '../types';

/** Default number of provider requests in one turn. */
export const DEFAULT_MAX_ITERATIONS = 15;

function zeroUsage(): Usage {
	return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
}

function addUsage(total: Usage, usage: Usage): void {
	total.inputTokens += usage.inputTokens || 0;
	total.outputTokens += usage.outputTokens || 0;
	total.cacheReadTokens += usage.cacheReadTokens || 0;
	total.cacheWriteTokens += usage.cacheWriteTokens || 0;
}

/** The tools offered in the next request. */
function currentTools(catalog: ToolCatalog, state: AgentState, policy: ToolPolicy, lazy: boolean): ProviderTool[] {
	let tools = lazy ? discoveryTools(catalog) : allTools(catalog);
	if (lazy) {
		for (const key of state.activeServers) {
			if (catalog.registry.toolsByServer.has(key)) tools = withServer(catalog, tools, key);
		}
		tools = withTools(catalog, tools, state.exposedTools);
	}
	return tools.filter((tool) => {
		const resolved = catalog.registry.entries.get(catalog.registry.aliases.get(tool.name) ?? tool.name);
		const own = resolved?.kind === 'tool' ? resolved.tool.name : tool.name;
		return !isBlocked(policy, tool.name, own);
	});
}

/** Makes a provider's assistant message safe to keep: unique non-empty ids, object inputs, no empty text. */
function normalizeAssistant(message: AssistantMessage, seen: Set<string>): AssistantMessage {
	const content = message.content.flatMap((block): AssistantMessage['content'] => {
		if (block.type === 'text') return block.text ? [block] : [];
		let id = block.id;
		if (!id || seen.has(id)) id = randomId('toolu_', 12);
		seen.add(id);
		const tool: ToolUseBlock = {
			type: 'tool_use',
			id,
			name: block.name,
			input: isPlainObject(block.input) ? block.input : {}
		};
		// Kept so the dispatcher answers a malformed call with an error; providers never send it back.
		if (block.invalidArguments) tool.invalidArguments = block.invalidArguments;
		return [tool];
	});
	return { role: 'assistant', content };
}

/** Collects schema patches while tools are built; flushes them as events once per patch per session. */
function patchReporter(state: AgentState, emit: (event: EventInput) => void, callback?: (patch: SchemaPatch) => void) {
	const pending = new Map<string, SchemaPatch[]>();
	return {
		collect(patch: SchemaPatch): void {
			const key = `${patch.tool}\u0000${patch.path}\u0000${patch.change}`;
			if (state.reportedSchemas.has(key)) return;
			state.reportedSchemas.add(key);
			pending.set(patch.tool, [...(pending.get(patch.tool) ?? []), patch]);
		},
		flush(): void {
			for (const [tool, patches] of pending) {
				emit({ type: 'schema-patch', tool, patches });
				for (const patch of patches) callback?.(patch);
			}
			pending.clear();
		}
	};
}

/**
 * Runs one user turn: sends the input with the structured prompt and the current tools,
 * dispatches tool calls until the model ends its turn (or a stop condition), and returns the
 * valid history, the final text, the reason and the metrics. Never throws for provider or
 * tool failures: they end the turn with reason `error` (and an `error` event) or become
 * tool results.
 */
export async function runAgentLoop(input: string, options: AgentLoopOptions): Promise<AgentLoopResult> {
	const turnId = options.turnId ?? randomId('turn_');
	const state = options.state ?? createAgentState();
	const policy = resolvePolicy(options.policy);
	const callbacks = options.callbacks ?? {};
	const { provider, signal } = options;
	const lazy = options.lazy ?? true;
	const maxIterations = Math.max(1, Math.floor(options.maxIterations ?? DEFAULT_MAX_ITERATIONS));
	const startedAt = Date.now();
	const emit = (event: EventInput): void => {
		try {
			options.onEvent?.({ ...event, at: Date.now(), turnId } as AgentEvent);
		} catch {
			// A failing listener must not break the turn.
		}
	};
	const layers: ToolLayer[] = options.layers ?? [];
	const registry = options.registry ?? buildToolRegistry(layers);
	state.aliasMap = new Map(registry.aliases);
	const patches = patchReporter(state, emit, callbacks.onSchemaPatch);
	const catalog = createToolCatalog(layers, {
		registry,
		profile:
			options.schemaProfile ?? (provider.id === 'anthropic' || provider.id === 'openai' ? provider.id : 'strict'),
		flatten: options.flatten ?? false,
		onSchemaPatch: (patch) => patches.collect(patch)
	});
	const system = promptFromRegistry(registry);
	const servers = matchServers(registry, options.servers ?? []);
	const limiters = new Map<string, Limiter>();
	const turn: TurnProgress = { calls: 0, guided: false, dataCallIds: [], limitHit: false };
	const usage = zeroUsage();
	const calls: ToolCallMetrics[] = [];
	const steps: IterationMetrics[] = [];
	const seenIds = new Set<string>();

	let messages: ChatMessage[] = appendUserInput(options.history ?? [], input);
	for (const message of messages) {
		if (message.role === 'assistant')
			for (const block of message.content) if (block.type === 'tool_use') seenIds.add(block.id);
	}
	emit({ type: 'turn-start', text: input });

	let iteration = 0;
	let reason: DoneReason = 'end_turn';
	let text = '';
	let failure: AgentLoopResult['error'];
	let limitStrikes = 0;
	for (;;) {
		if (signal?.aborted) {
			reason = 'aborted';
			break;
		}
		if (iteration >= maxIterations) {
			reason = 'max_iterations';
			emit({
				type: 'warning',
				code: 'max_iterations',
				message: `Stopped after ${maxIterations} model requests in one turn. Ask again to continue.`
			});
			break;
		}
		iteration++;
		state.iteration++;
		const tools = withGoneTools(currentTools(catalog, state, policy, lazy), registry, messages);
		patches.flush();
		const compression = compressHistory(messages, state, {
			iteration: state.iteration,
			after: policy.compressAfterIterations,
			previewChars: policy.previewChars,
			recallName: registry.recallName
		});
		if (compression.callIds.length) {
			messages = compression.messages;
			emit({
				type: 'compression',
				iteration,
				callIds: compression.callIds,
				charsBefore: compression.charsBefore,
				charsAfter: compression.charsAfter
			});
		}
		emit({ type: 'request', iteration, provider: provider.id, model: provider.model, system, tools, messages });
		let partial = '';
		let response: ProviderTurn;
		try {
			response = await provider.streamTurn(
				{
					system,
					messages,
					tools,
					...(options.maxTokens ? { maxTokens: options.maxTokens } : {}),
					cache: options.cache ?? true,
					toolChoice: toolChoiceFor(policy.toolChoice, iteration)
				},
				{
					signal,
					onEvent: (event) => {
						if (event.type === 'text-delta') {
							partial += event.text;
							emit({ type: 'text-delta', iteration, text: event.text });
							try {
								callbacks.onText?.(event.text);
							} catch {
								// Display callbacks must not break the turn.
							}
						} else if (event.type === 'tool-call-start') {
							emit({ type: 'tool-input-delta', iteration, callId: event.id, name: event.name, json: '' });
						} else if (event.type === 'tool-input-delta') {
							emit({ type: 'tool-input-delta', iteration, callId: event.id, name: event.name, json: event.json });
						} else if (event.type === 'agui') {
							emit({ type: 'agui', iteration, ...event.event });
						} else if (event.type === 'surface') {
							const { key, messages, status } = event;
							emit({ type: 'surface-update', iteration, key, messages, ...(status ? { status } : {}) });
						} else if (event.type === 'state') {
							emit({ type: 'state-change', iteration, state: event.state });
						} else if (event.type === 'view') {
							emit({ type: 'view-open', iteration, key: event.key, view: event.view });
						} else if (event.type === 'retry') {
							emit({
								type: 'retry',
								iteration,
								attempt: event.attempt,
								delayMs: event.delayMs,
								reason: event.reason,
								...(event.status !== undefined ? { status: event.status } : {})
							});
						}
					}
				}
			);
		} catch (error) {
			if (signal?.aborted || isAbortError(error)) {
				if (partial.trim()) {
					messages = [...messages, { role: 'assistant', content: [{ type: 'text', text: partial }] }];
					text = partial;
				}
				reason = 'aborted';
				break;
			}
			const code = error instanceof AutoUiError ? error.code : 'internal';
			failure = { code, message: errorMessage(error) };
			const detail = error instanceof AutoUiError ? (error.details as { body?: unknown } | undefined)?.body : undefined;
			emit({
				type: 'error',
				code,
				message: failure.message,
				...(typeof detail === 'string' && detail ? { detail } : {})
			});
			reason = 'error';
			break;
		}
		const message = normalizeAssistant(response.message, seenIds);
		const toolUses = message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
		emit({
			type: 'response',
			iteration,
			stopReason: response.stopReason,
			usage: response.usage,
			ttftMs: response.ttftMs,
			latencyMs: response.latencyMs,
			model: response.model,
			toolCalls: toolUses.length
		});
		addUsage(usage, response.usage);
		steps.push({
			iteration,
			usage: response.usage,
			latencyMs: response.latencyMs,
			ttftMs: response.ttftMs,
			model: response.model,
			stopReason: response.stopReason,
			toolCalls: toolUses.length
		});
		if (message.content.length) messages = [...messages, message];
		const said = messageText(message);
		if (said) text = said;
		if (toolUses.length === 0) {
			reason = response.stopReason === 'max_tokens' ? 'max_tokens' : 'end_turn';
			break;
		}
		const context: DispatchContext = {
			turnId,
			iteration,
			catalog,
			state,
			policy,
			servers,
			callbacks,
			emit,
			signal,
			limiters,
			turn,
			lazy,
			offered: new Set(tools.map((tool) => tool.name))
		};
		turn.limitHit = false;
		const dispatched = await dispatchToolCalls(context, toolUses);
		patches.flush();
		messages = [...messages, { role: 'user', content: dispatched.results }];
		calls.push(...dispatched.metrics);
		if (signal?.aborted) {
			reason = 'aborted';
			break;
		}
		if (turn.limitHit) {
			emit({
				type: 'warning',
				code: 'limit_exceeded',
				message: 'A tool-call limit was reached; further calls are refused.'
			});
			if (++limitStrikes >= 2) {
				reason = 'limit';
				break;
			}
		}
	}
	messages = repairHistory(messages);
	emit({
		type: 'done',
		reason,
		iterations: iteration,
		toolCalls: calls.length,
		usage,
		elapsedMs: Date.now() - startedAt
	});
	return { messages, text, reason, usage, iterations: iteration, calls, steps, ...(failure ? { error: failure } : {}) };
}
