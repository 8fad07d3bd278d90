/**
 * Eval suites and their results as plain data. A suite file is MCPJam's CLI test file
 * (`{"tests": [...]}` with `title`, `prompt`, `expectedTools`, `selectedServers`, `model`,
 * `advancedConfig`) plus AutoUI's `id`, `runs` and `checks`; a report is what the runner and
 * the Evals panel write. Framework-free: the parser, the checks and the report run in Node too.
 */

/** A model a test runs with: MCPJam's `{id, provider}`, plus where it is served. */
export interface EvalModel {
	id: string;
	provider: EvalProvider;
	/** An OpenAI-compatible endpoint, a proxy for Anthropic, or an AG-UI agent's URL. */
	baseUrl?: string;
}

/** The providers the app runs: remote APIs, a GGUF model in the browser, an AG-UI agent. */
export type EvalProvider = 'anthropic' | 'openai' | 'local' | 'agui';

/** MCPJam's per-test options; `maxSteps` and `toolChoice` reach the agent loop. */
export interface AdvancedConfig {
	instructions?: string;
	temperature?: number;
	maxSteps?: number;
	toolChoice?: 'auto' | 'required' | 'none';
}

/** Every deterministic check, by its `check` name. */
export type Check =
	| { check: 'toolCalledWith'; tool: string; args: Record<string, unknown>; match: 'partial' | 'exact' }
	| { check: 'toolCalled'; tool: string }
	| { check: 'toolNotCalled'; tool: string }
	| { check: 'firstTool'; tool: string }
	| { check: 'responseContains'; text: string }
	| { check: 'responseMatches'; regex: string }
	| { check: 'noToolErrors' }
	| { check: 'finalMessage' }
	| { check: 'widgetRendered'; type: string }
	| { check: 'widgetLatencyUnder'; ms: number }
	| { check: 'tokenBudgetUnder'; tokens: number }
	| RowsMatchCheck;

/** The data check: the rows behind the turn's widget against a ground-truth query's rows. */
export interface RowsMatchCheck {
	check: 'rowsMatch';
	server: string;
	sql: string;
	/** Compare only these columns (case-insensitive); default every column. */
	columns?: string[];
	order?: 'any' | 'exact';
	/** Relative tolerance for numbers (default 1e-6). */
	tolerance?: number;
}

/** The names of every check, in the order the docs list them. */
export const checkNames = [
	'toolCalledWith',
	'toolCalled',
	'toolNotCalled',
	'firstTool',
	'responseContains',
	'responseMatches',
	'noToolErrors',
	'finalMessage',
	'widgetRendered',
	'widgetLatencyUnder',
	'tokenBudgetUnder',
	'rowsMatch'
] as const satisfies ReadonlyArray<Check['check']>;

/** One test of a suite, parsed and checked. */
export interface EvalTest {
	title: string;
	/** `id` from the file, else derived from the title (unique within the suite). */
	id: string;
	prompt: string;
	/** The servers' own tool names; each must be called at least once. */
	expectedTools: string[];
	/** Server names: `datasets` (built in) or names of the file's `servers`. */
	selectedServers: string[];
	model?: EvalModel;
	advancedConfig?: AdvancedConfig;
	runs: number;
	checks: Check[];
}

/** A parsed suite. */
export interface EvalSuite {
	/** The suite's name: `name` in the file, else the file name the caller gives. */
	name: string;
	/** Servers the file names, beyond the built-in `datasets`. */
	servers: Record<string, { url: string }>;
	tests: EvalTest[];
}

/** A tool call of the turn, as the report lists it. */
export interface EvalToolCall {
	/** The server's display name. */
	server?: string;
	/** The tool's own (unprefixed) name. */
	tool: string;
	args: Record<string, unknown>;
	/** Set when the call failed (an error result the model received). */
	error?: string;
}

/** A widget the turn displayed, as the page saw it. */
export interface EvalWidget {
	id: string;
	type: string;
	/** Drawn in the canvas: its component mounted and showed no error. */
	drawn: boolean;
	/** Why it was not drawn, when it was not. */
	problem?: string;
	/** From the turn's start to the display call's result, in ms. */
	latencyMs: number;
	/** The rows behind it (see widget-rows.ts); undefined when it has none. */
	rows?: Record<string, unknown>[];
}

/** Everything the checks read about one run (collected by the page, plain JSON). */
export interface RunRecord {
	toolCalls: EvalToolCall[];
	/** The text of the turn's last assistant message. */
	finalText: string;
	/** Every assistant text of the turn, joined. */
	text: string;
	widgets: EvalWidget[];
	tokens: { input: number; output: number };
	ms: number;
	/** Of `ms`, the time spent waiting for the model (its responses' latencies). */
	modelMs: number;
	/** Why the turn ended (`end_turn`, `error`, …). */
	doneReason: string;
	/** The turn's error, when it failed. */
	error?: { code: string; message: string };
	/** Servers the test selected that could not be reached: name → why. */
	unreachable: Record<string, string>;
}

/** Rows of a ground-truth query, or why they could not be read. */
export type GroundTruth = { rows: Record<string, unknown>[] } | { error: string; code?: string };

/** One check's verdict. */
export interface CheckResult {
	check: string;
	passed: boolean;
	/** Why it failed (for rowsMatch one of the Genie reasons); empty when it passed. */
	reason: string;
	/** A longer explanation for people (printed and shown in the panel, not in the report). */
	detail?: string;
}

/** One run of one test with one model. */
export interface RunResult {
	passed: boolean;
	checks: CheckResult[];
	toolCalls: EvalToolCall[];
	tokens: { input: number; output: number };
	ms: number;
}

/** The report JSON the runner writes and the panel exports. */
export interface EvalReport {
	suite: string;
	startedAt: string;
	passRate: number;
	models: string[];
	tests: Array<{ title: string; id: string; model: string; runs: RunResult[] }>;
}
