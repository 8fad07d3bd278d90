/**
 * The Evals panel's state: the open suite, up to three models, the results grid (tests ×
 * models) filled as runs finish, and the exports. Runs go test by test, each test with every
 * model in turn, each run in a fresh conversation; the user's conversation is opened again
 * at the end.
 */
import { PageRunner, type EvalHost, type RunDetail } from '../page-runner';
import { parseSuite, SuiteError, suiteToJson } from '../suite';
import { buildReport, modelName, toJUnit, type ReportEntry } from '../report';
import { testFromTurn } from '../save-turn';
import { turnEvents } from '../turn-record';
import type { EvalModel, EvalSuite } from '../types';

/** At most this many models run side by side. */
export const maxModels = 3;

/** One cell of the grid. */
export interface Cell {
	runs: RunDetail[];
	running: boolean;
}

/** The panel's state (one per page). */
export class EvalsPanelState {
	#host: EvalHost;
	#runner: PageRunner;
	#suite = $state.raw<EvalSuite | undefined>(undefined);
	#problem = $state<string | undefined>(undefined);
	#models = $state.raw<EvalModel[]>([]);
	#cells = $state.raw<Record<string, Cell>>({});
	#progress = $state.raw({ done: 0, total: 0 });
	#running = $state(false);
	#startedAt = new Date();
	#controller: AbortController | undefined;

	constructor(host: EvalHost, defaultModel: EvalModel | undefined) {
		this.#host = host;
		this.#runner = new PageRunner(host);
		if (defaultModel) this.#models = [defaultModel];
	}

	get suite() {
		return this.#suite;
	}
	get problem() {
		return this.#problem;
	}
	get models() {
		return this.#models;
	}
	get progress() {
		return this.#progress;
	}
	get running() {
		return this.#running;
	}

	/** The cell of a test and model. */
	cell(testId: string, model: EvalModel): Cell | undefined {
		return this.#cells[`${testId}\n${modelName(model)}`];
	}

	/** Opens a suite file's text; a bad file keeps the previous suite and says what is wrong. */
	open(text: string, fileName: string): void {
		try {
			this.#suite = parseSuite(text, fileName.replace(/\.json$/i, ''));
			this.#cells = {};
			this.#problem = undefined;
		} catch (error) {
			this.#problem = error instanceof SuiteError ? `${fileName}: ${error.message}` : String(error);
		}
	}

	/** Adds a model column (at most three, no duplicates). */
	addModel(model: EvalModel): string | undefined {
		if (this.#models.length >= maxModels) return `at most ${maxModels} models run side by side`;
		if (this.#models.some((other) => modelName(other) === modelName(model) && other.baseUrl === model.baseUrl))
			return `${modelName(model)} is already chosen`;
		const problem = this.#host.modelProblem(model);
		if (problem) return problem;
		this.#models = [...this.#models, model];
		return undefined;
	}

	removeModel(index: number): void {
		this.#models = this.#models.filter((_, at) => at !== index);
	}

	/** Turns of the open conversation that finished, newest first: `{turnId, text}`. */
	finishedTurns(): Array<{ turnId: string; text: string }> {
		const events = this.#host.events();
		const done = new Set(events.flatMap((event) => (event.type === 'done' ? [event.turnId] : [])));
		return events
			.flatMap((event) =>
				event.type === 'turn-start' && done.has(event.turnId) ? [{ turnId: event.turnId, text: event.text }] : []
			)
			.reverse();
	}

	/** "Save this turn as a test": adds the test to the open suite (a new one when none is open). */
	saveTurn(turnId: string): string | undefined {
		const suite: EvalSuite = this.#suite ?? { name: 'my-suite', servers: {}, tests: [] };
		const test = testFromTurn(
			turnEvents(this.#host.events(), turnId),
			this.#host.widgets(),
			(name) => this.#host.toolOf(name),
			suite.tests.map((other) => other.id)
		);
		if ('error' in test) return test.error;
		if (!test.expectedTools.length && !test.checks.length) return 'this turn called no tool and drew nothing';
		const servers = { ...suite.servers };
		for (const name of test.selectedServers)
			if (name !== 'datasets' && !servers[name]) {
				const url = this.#host.serverUrl(name);
				if (!url) return `the server "${name}" is no longer connected`;
				servers[name] = { url };
			}
		this.#suite = { ...suite, servers, tests: [...suite.tests, test] };
		return undefined;
	}

	/** Runs every test with every chosen model. */
	async run(): Promise<void> {
		const suite = this.#suite;
		if (!suite || !this.#models.length || this.#running) return;
		const models = this.#models;
		const home = this.#host.currentConversation();
		this.#controller = new AbortController();
		const signal = this.#controller.signal;
		this.#running = true;
		this.#cells = {};
		this.#startedAt = new Date();
		this.#progress = { done: 0, total: suite.tests.reduce((sum, test) => sum + test.runs, 0) * models.length };
		try {
			await this.#runner.prepare(suite);
			for (const test of suite.tests)
				for (let run = 0; run < test.runs; run++)
					for (const model of models) {
						if (signal.aborted) return;
						const key = `${test.id}\n${modelName(model)}`;
						const before = this.#cells[key]?.runs ?? [];
						this.#cells = { ...this.#cells, [key]: { runs: before, running: true } };
						const detail = await this.#runner.run(suite, test, model, modelName(model), signal);
						this.#cells = { ...this.#cells, [key]: { runs: [...before, detail], running: false } };
						this.#progress = { ...this.#progress, done: this.#progress.done + 1 };
					}
		} finally {
			this.#running = false;
			this.#host.useModel(undefined);
			await this.#host.openConversation(home);
		}
	}

	stop(): void {
		this.#controller?.abort();
		this.#host.stop();
	}

	/** Opens the conversation holding a run's transcript and console trace. */
	openRun(detail: RunDetail): Promise<void> | undefined {
		return detail.conversation ? this.#host.openConversation(detail.conversation) : undefined;
	}

	#entries(): ReportEntry[] {
		const suite = this.#suite;
		if (!suite) return [];
		return suite.tests.flatMap((test) =>
			this.#models.flatMap((model) => {
				const cell = this.cell(test.id, model);
				return cell?.runs.length
					? [{ title: test.title, id: test.id, model: modelName(model), runs: cell.runs.map((run) => run.result) }]
					: [];
			})
		);
	}

	/** The export files: the suite, the report JSON and JUnit XML. */
	exportFile(kind: 'suite' | 'report' | 'junit'): { name: string; type: string; text: string } | undefined {
		const suite = this.#suite;
		if (!suite) return undefined;
		if (kind === 'suite') return { name: `${suite.name}.json`, type: 'application/json', text: suiteToJson(suite) };
		const report = buildReport(suite.name, this.#startedAt, this.#entries());
		if (kind === 'report')
			return {
				name: `${suite.name}-report.json`,
				type: 'application/json',
				text: `${JSON.stringify(report, null, '\t')}\n`
			};
		return { name: `${suite.name}-junit.xml`, type: 'application/xml', text: toJUnit(report) };
	}
}
