/**
 * Runs eval tests in the page, through the app itself: each run is a fresh conversation (its
 * own chat, canvas and console, kept in the conversation list so it can be opened later) with
 * the model under test, the suite's servers connected for this visit, and the widgets looked
 * at on the canvas (drawn, not only accepted). The ground-truth queries of `rowsMatch` run on
 * the named server through the app's direct-call path. The Evals panel and the headless hook
 * of `npm run eval` both use it.
 */
import type { AgentEvent } from '$lib/agent/events';
import type { DirectCallOutcome, DirectCallRequest } from '$lib/agent/dispatch/direct-call';
import type { WidgetRecord } from '$lib/canvas/types';
import { evaluateRun, serverUnreachable } from './checks';
import { turnRecord } from './turn-record';
import type { EvalModel, EvalSuite, EvalTest, GroundTruth, RunRecord, RunResult } from './types';

/** What the page lends the runner (built in routes/app-wiring). */
export interface EvalHost {
	/** Resolves once the page knows which providers its server holds keys for. */
	ready(): Promise<void>;
	/** The open conversation's id. */
	currentConversation(): string;
	/** Starts a new, empty conversation (chat and canvas) and opens it; returns its id. */
	newConversation(): Promise<string>;
	openConversation(id: string): Promise<void>;
	renameConversation(id: string, title: string): void;
	/** The model for the next turns, with the test's loop options; undefined: the settings' own. */
	useModel(
		model: EvalModel | undefined,
		options?: { maxIterations?: number; toolChoice?: 'auto' | 'required' | 'none' }
	): void;
	/** Why `model` cannot run here (no key, no model file), or null. */
	modelProblem(model: EvalModel): string | null;
	/** Sends a message in the open conversation; resolves when the turn ended. */
	send(text: string): Promise<void>;
	/** Stops the running turn. */
	stop(): void;
	/** Calls `listener` with every event of the open conversation until the returned function is called. */
	tap(listener: (event: AgentEvent) => void): () => void;
	widgets(): readonly WidgetRecord[];
	/** The open conversation's events (for "Save this turn as a test"). */
	events(): readonly AgentEvent[];
	/** A prefixed tool name's server and own name. */
	toolOf(name: string): { server: string; tool: string } | undefined;
	/** The URL of a connected server (for a saved test's `servers`). */
	serverUrl(name: string): string | undefined;
	/** Connects MCP servers for this visit and waits until each is connected or failed. */
	connect(urls: string[]): Promise<void>;
	/** The state of the server named `name` (the built-in `datasets`) or at `url`. */
	server(ref: { name?: string; url?: string }): { name: string; connected: boolean; detail: string } | undefined;
	/** The prefixed name of a server's tool, when the server is connected and has it. */
	toolName(server: string, tool: string): string | undefined;
	callTool(request: DirectCallRequest): Promise<DirectCallOutcome>;
}

/** One run's verdicts with what the panel shows beside them. */
export interface RunDetail {
	result: RunResult;
	record: RunRecord;
	/** The conversation holding the run's transcript and console trace. */
	conversation?: string;
}

const drawWaitMs = 8000;

/** Whether the widget `id` is drawn: its component mounted, no error shown, something on screen. */
export function drawnState(id: string): { drawn: boolean; problem?: string; failed?: true } {
	const frame = document.querySelector(`[data-widget-id="${CSS.escape(id)}"]`);
	if (!frame) return { drawn: false, problem: 'not on the canvas' };
	const alert = frame.querySelector('[role=alert], [data-testid=widget-error]');
	if (alert)
		return { drawn: false, problem: alert.textContent?.trim().slice(0, 200) || 'an error is shown', failed: true };
	const view = frame.querySelector('[data-testid=widget-body]');
	if (!view || view.getAttribute('aria-busy') === 'true')
		return { drawn: false, problem: 'its component did not load' };
	const box = view.getBoundingClientRect();
	const content =
		view.querySelector('svg, canvas, img, table, iframe, input, select, button') || view.textContent?.trim();
	if (!box.width || !box.height || !content) return { drawn: false, problem: 'nothing was drawn' };
	return { drawn: true };
}

async function waitDrawn(id: string, signal?: AbortSignal): Promise<{ drawn: boolean; problem?: string }> {
	const until = performance.now() + drawWaitMs;
	let state = drawnState(id);
	// Charts draw a moment after their component mounts; an error shown is final.
	while (!state.drawn && !state.failed && performance.now() < until && !signal?.aborted) {
		await new Promise((resolve) => setTimeout(resolve, 16));
		state = drawnState(id);
	}
	return { drawn: state.drawn, ...(state.problem ? { problem: state.problem } : {}) };
}

/** Runs tests with models; keeps ground-truth rows for the whole suite. */
export class PageRunner {
	#host: EvalHost;
	#truths = new Map<string, Promise<GroundTruth>>();

	constructor(host: EvalHost) {
		this.#host = host;
	}

	/** Connects the suite's servers (once per page; already connected ones stay). */
	async prepare(suite: EvalSuite): Promise<void> {
		await this.#host.ready();
		const urls = Object.values(suite.servers).map((server) => server.url);
		await this.#host.connect(urls);
	}

	#serverName(suite: EvalSuite, name: string): { name: string; problem?: string } {
		const state =
			name === 'datasets' ? this.#host.server({ name }) : this.#host.server({ url: suite.servers[name]?.url });
		if (!state)
			return {
				name,
				problem: `${name === 'datasets' ? 'the built-in server' : suite.servers[name]?.url} is not in the list`
			};
		if (!state.connected) return { name: state.name, problem: state.detail || 'not connected' };
		return { name: state.name };
	}

	#groundTruth(suite: EvalSuite, server: string, sql: string): Promise<GroundTruth> {
		const key = `${server}\n${sql}`;
		let truth = this.#truths.get(key);
		if (!truth) {
			truth = this.#query(suite, server, sql);
			this.#truths.set(key, truth);
		}
		return truth;
	}

	async #query(suite: EvalSuite, server: string, sql: string): Promise<GroundTruth> {
		const state = this.#serverName(suite, server);
		if (state.problem) return { error: `${server}: ${state.problem}`, code: serverUnreachable };
		const tool = this.#host.toolName(state.name, 'query_sql');
		if (!tool) return { error: `${server} has no query_sql tool to run the ground truth with` };
		const outcome = await this.#host.callTool({ tool, args: { sql, limit: 5000 }, origin: 'manual' });
		const rows = (outcome.value as { rows?: unknown } | undefined)?.rows;
		if (!outcome.ok || !Array.isArray(rows))
			return { error: outcome.error ?? 'the result has no rows', code: outcome.code };
		return { rows: rows as Record<string, unknown>[] };
	}

	/** One run of `test` with `model` in a fresh conversation; never throws for the model's failures. */
	async run(
		suite: EvalSuite,
		test: EvalTest,
		model: EvalModel,
		label: string,
		signal?: AbortSignal
	): Promise<RunDetail> {
		const unreachable: Record<string, string> = {};
		const names = new Set([
			...test.selectedServers,
			...test.checks.flatMap((check) => (check.check === 'rowsMatch' ? [check.server] : []))
		]);
		for (const name of names) {
			const state = this.#serverName(suite, name);
			if (state.problem) unreachable[name] = state.problem;
		}
		const problem = this.#host.modelProblem(model);
		const empty = {
			toolCalls: [],
			finalText: '',
			text: '',
			widgets: [],
			tokens: { input: 0, output: 0 },
			ms: 0,
			modelMs: 0
		};
		if (Object.keys(unreachable).length || problem) {
			const record: RunRecord = {
				...empty,
				doneReason: 'error',
				unreachable,
				...(problem ? { error: { code: 'provider_unavailable', message: problem } } : {})
			};
			return { result: evaluateRun(test, record, await this.#truthsFor(suite, test)), record };
		}
		const conversation = await this.#host.newConversation();
		const events: AgentEvent[] = [];
		const untap = this.#host.tap((event) => {
			if (event.type !== 'tool-input-delta') events.push(event);
		});
		this.#host.useModel(model, {
			maxIterations: test.advancedConfig?.maxSteps,
			toolChoice: test.advancedConfig?.toolChoice
		});
		try {
			const stop = () => this.#host.stop();
			signal?.addEventListener('abort', stop, { once: true });
			await this.#host.send(test.prompt);
			signal?.removeEventListener('abort', stop);
		} finally {
			untap();
			this.#host.useModel(undefined);
		}
		// The ground truth runs while the widgets are looked at.
		const truths = this.#truthsFor(suite, test);
		const turnId = events.find((event) => event.type === 'turn-start')?.turnId;
		const turn = events.filter((event) => event.turnId === turnId);
		const shown = turn.flatMap((event) => (event.type === 'tool-result' && event.widgetId ? [event.widgetId] : []));
		const seen = new Map<string, { drawn: boolean; problem?: string }>();
		for (const id of shown) seen.set(id, await waitDrawn(id, signal));
		const record: RunRecord = {
			...turnRecord(turn, this.#host.widgets(), (id) => seen.get(id) ?? drawnState(id)),
			unreachable
		};
		this.#host.renameConversation(conversation, `Eval · ${test.id} · ${label}`);
		return { result: evaluateRun(test, record, await truths), record, conversation };
	}

	#truthsFor(suite: EvalSuite, test: EvalTest): Promise<Array<GroundTruth | undefined>> {
		return Promise.all(
			test.checks.map((check) =>
				check.check === 'rowsMatch' ? this.#groundTruth(suite, check.server, check.sql) : undefined
			)
		);
	}
}
