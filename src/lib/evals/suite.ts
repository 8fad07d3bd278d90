/**
 * Reads a suite file: MCPJam's CLI test file as it is, plus AutoUI's `id`, `runs` and
 * `checks`. Everything is checked here, once; a problem throws a `SuiteError` that names the
 * test and the field, so a bad file stops the run before any model is asked.
 */
import type { AdvancedConfig, Check, EvalModel, EvalProvider, EvalSuite, EvalTest } from './types';
import { checkNames } from './types';

/** A suite file that cannot be run: `where` names the test and field ("tests[2] \"Cars\".checks[0].sql"). */
export class SuiteError extends Error {
	readonly where: string;
	constructor(where: string, message: string) {
		super(`${where}: ${message}`);
		this.name = 'SuiteError';
		this.where = where;
	}
}

const providers: readonly EvalProvider[] = ['anthropic', 'openai', 'local', 'agui'];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown, where: string, field: string, optional = false): string | undefined {
	if (value === undefined && optional) return undefined;
	if (typeof value !== 'string' || !value.trim())
		throw new SuiteError(`${where}.${field}`, 'must be a non-empty string');
	return value;
}

function texts(value: unknown, where: string, field: string): string[] {
	if (value === undefined) return [];
	if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !item.trim()))
		throw new SuiteError(`${where}.${field}`, 'must be a list of non-empty strings');
	return value as string[];
}

function positive(value: unknown, where: string, field: string, integer: boolean): number {
	if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
		throw new SuiteError(`${where}.${field}`, `must be a positive ${integer ? 'integer' : 'number'}`);
	return value;
}

/** Reads `{"id", "provider", "baseUrl"?}`; also used for the runner's flags. */
export function parseModel(value: unknown, where: string): EvalModel {
	if (!isObject(value)) throw new SuiteError(where, 'must be an object {"id", "provider"}');
	const id = text(value.id, where, 'id')!;
	if (!providers.includes(value.provider as EvalProvider))
		throw new SuiteError(`${where}.provider`, `must be one of ${providers.join(', ')}`);
	const model: EvalModel = { id, provider: value.provider as EvalProvider };
	const baseUrl = text(value.baseUrl, where, 'baseUrl', true);
	if (baseUrl) {
		if (!/^https?:\/\//.test(baseUrl)) throw new SuiteError(`${where}.baseUrl`, 'must be an http(s) URL');
		model.baseUrl = baseUrl;
	}
	return model;
}

function parseAdvanced(value: unknown, where: string): AdvancedConfig | undefined {
	if (value === undefined) return undefined;
	if (!isObject(value)) throw new SuiteError(where, 'must be an object');
	const config: AdvancedConfig = {};
	if (value.instructions !== undefined) config.instructions = text(value.instructions, where, 'instructions');
	if (value.temperature !== undefined) {
		if (typeof value.temperature !== 'number' || value.temperature < 0 || value.temperature > 2)
			throw new SuiteError(`${where}.temperature`, 'must be a number from 0 to 2');
		config.temperature = value.temperature;
	}
	if (value.maxSteps !== undefined) config.maxSteps = positive(value.maxSteps, where, 'maxSteps', true);
	if (value.toolChoice !== undefined) {
		if (!['auto', 'required', 'none'].includes(value.toolChoice as string))
			throw new SuiteError(`${where}.toolChoice`, 'must be "auto", "required" or "none"');
		config.toolChoice = value.toolChoice as AdvancedConfig['toolChoice'];
	}
	return config;
}

const checkFields: Record<Check['check'], string[]> = {
	toolCalledWith: ['tool', 'args', 'match'],
	toolCalled: ['tool'],
	toolNotCalled: ['tool'],
	firstTool: ['tool'],
	responseContains: ['text'],
	responseMatches: ['regex'],
	noToolErrors: [],
	finalMessage: [],
	widgetRendered: ['type'],
	widgetLatencyUnder: ['ms'],
	tokenBudgetUnder: ['tokens'],
	rowsMatch: ['server', 'sql', 'columns', 'order', 'tolerance']
};

/** Reads one `{"check": name, …}`, refusing unknown names and fields. */
export function parseCheck(value: unknown, where: string): Check {
	if (!isObject(value)) throw new SuiteError(where, 'must be an object {"check": name, …}');
	const name = value.check as Check['check'];
	if (!checkNames.includes(name))
		throw new SuiteError(
			`${where}.check`,
			`unknown check ${JSON.stringify(value.check)}; checks are: ${checkNames.join(', ')}`
		);
	const unknown = Object.keys(value).filter((key) => key !== 'check' && !checkFields[name].includes(key));
	if (unknown.length)
		throw new SuiteError(`${where}.${unknown[0]}`, `${name} takes ${checkFields[name].join(', ') || 'no fields'}`);
	switch (name) {
		case 'toolCalled':
		case 'toolNotCalled':
		case 'firstTool':
			return { check: name, tool: text(value.tool, where, 'tool')! };
		case 'toolCalledWith': {
			if (!isObject(value.args)) throw new SuiteError(`${where}.args`, 'must be an object of arguments');
			const match = value.match ?? 'partial';
			if (match !== 'partial' && match !== 'exact')
				throw new SuiteError(`${where}.match`, 'must be "partial" or "exact"');
			return { check: name, tool: text(value.tool, where, 'tool')!, args: value.args, match };
		}
		case 'responseContains':
			return { check: name, text: text(value.text, where, 'text')! };
		case 'responseMatches': {
			const regex = text(value.regex, where, 'regex')!;
			try {
				new RegExp(regex);
			} catch (error) {
				throw new SuiteError(`${where}.regex`, `is not a valid regular expression (${(error as Error).message})`);
			}
			return { check: name, regex };
		}
		case 'noToolErrors':
		case 'finalMessage':
			return { check: name };
		case 'widgetRendered':
			return { check: name, type: text(value.type, where, 'type')! };
		case 'widgetLatencyUnder':
			return { check: name, ms: positive(value.ms, where, 'ms', false) };
		case 'tokenBudgetUnder':
			return { check: name, tokens: positive(value.tokens, where, 'tokens', true) };
		case 'rowsMatch': {
			const check: Check = {
				check: name,
				server: text(value.server, where, 'server')!,
				sql: text(value.sql, where, 'sql')!
			};
			if (value.columns !== undefined) {
				const columns = texts(value.columns, where, 'columns');
				if (!columns.length) throw new SuiteError(`${where}.columns`, 'must name at least one column');
				check.columns = columns;
			}
			if (value.order !== undefined) {
				if (value.order !== 'any' && value.order !== 'exact')
					throw new SuiteError(`${where}.order`, 'must be "any" or "exact"');
				check.order = value.order;
			}
			if (value.tolerance !== undefined) {
				if (typeof value.tolerance !== 'number' || !(value.tolerance >= 0))
					throw new SuiteError(`${where}.tolerance`, 'must be a number ≥ 0 (relative)');
				check.tolerance = value.tolerance;
			}
			return check;
		}
	}
}

function slug(title: string): string {
	return (
		title
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '')
			.slice(0, 60) || 'test'
	);
}

function parseTest(value: unknown, index: number, servers: Record<string, { url: string }>): EvalTest {
	let where = `tests[${index}]`;
	if (!isObject(value)) throw new SuiteError(where, 'must be an object');
	if (typeof value.title === 'string' && value.title.trim()) where += ` "${value.title}"`;
	const title = text(value.title, where, 'title')!;
	const prompt = text(value.prompt, where, 'prompt')!;
	const expectedTools = texts(value.expectedTools, where, 'expectedTools');
	const selectedServers = texts(value.selectedServers, where, 'selectedServers');
	for (const [at, server] of selectedServers.entries())
		if (server !== 'datasets' && !servers[server])
			throw new SuiteError(
				`${where}.selectedServers[${at}]`,
				`unknown server "${server}"; name it in the file's "servers" with its URL, or use "datasets"`
			);
	if (value.checks !== undefined && !Array.isArray(value.checks))
		throw new SuiteError(`${where}.checks`, 'must be a list');
	const checks = ((value.checks as unknown[]) ?? []).map((check, at) => parseCheck(check, `${where}.checks[${at}]`));
	for (const [at, check] of checks.entries())
		if (check.check === 'rowsMatch' && check.server !== 'datasets' && !servers[check.server])
			throw new SuiteError(`${where}.checks[${at}].server`, `unknown server "${check.server}"`);
	if (!expectedTools.length && !checks.length)
		throw new SuiteError(
			`${where}.expectedTools`,
			'the test has no expected tool and no check, so it would pass whatever the model does; add expectedTools or checks'
		);
	const test: EvalTest = {
		title,
		id: value.id === undefined ? slug(title) : text(value.id, where, 'id')!,
		prompt,
		expectedTools,
		selectedServers,
		runs: value.runs === undefined ? 1 : positive(value.runs, where, 'runs', true),
		checks
	};
	if (value.model !== undefined) test.model = parseModel(value.model, `${where}.model`);
	const advanced = parseAdvanced(value.advancedConfig, `${where}.advancedConfig`);
	if (advanced) test.advancedConfig = advanced;
	return test;
}

/** Parses a suite from its JSON text (or an already parsed value); throws `SuiteError`. */
export function parseSuite(input: string | unknown, fallbackName = 'suite'): EvalSuite {
	let value = input;
	if (typeof input === 'string') {
		try {
			value = JSON.parse(input);
		} catch (error) {
			throw new SuiteError('file', `is not JSON (${(error as Error).message})`);
		}
	}
	if (!isObject(value)) throw new SuiteError('file', 'must be an object {"tests": [...]}');
	const servers: Record<string, { url: string }> = {};
	if (value.servers !== undefined) {
		if (!isObject(value.servers)) throw new SuiteError('servers', 'must be an object {"<name>": {"url": "…"}}');
		for (const [name, server] of Object.entries(value.servers)) {
			const url = isObject(server) ? server.url : undefined;
			if (typeof url !== 'string' || !/^https?:\/\//.test(url))
				throw new SuiteError(`servers.${name}.url`, 'must be an http(s) URL');
			if (name === 'datasets')
				throw new SuiteError(`servers.${name}`, '"datasets" is the built-in server; choose another name');
			servers[name] = { url };
		}
	}
	if (!Array.isArray(value.tests) || !value.tests.length)
		throw new SuiteError('tests', 'must be a non-empty list of tests');
	const tests = value.tests.map((test, index) => parseTest(test, index, servers));
	const seen = new Map<string, number>();
	for (const [index, test] of tests.entries()) {
		if (seen.has(test.id))
			throw new SuiteError(
				`tests[${index}] "${test.title}".id`,
				`"${test.id}" is also the id of tests[${seen.get(test.id)}]`
			);
		seen.set(test.id, index);
	}
	const name = typeof value.name === 'string' && value.name.trim() ? value.name : fallbackName;
	return { name, servers, tests };
}

/** The suite back as a file (MCPJam's fields first, AutoUI's beside them). */
export function suiteToJson(suite: EvalSuite): string {
	return `${JSON.stringify(
		{
			name: suite.name,
			...(Object.keys(suite.servers).length ? { servers: suite.servers } : {}),
			tests: suite.tests.map((test) => ({
				title: test.title,
				prompt: test.prompt,
				expectedTools: test.expectedTools,
				selectedServers: test.selectedServers,
				...(test.model ? { model: test.model } : {}),
				...(test.advancedConfig ? { advancedConfig: test.advancedConfig } : {}),
				id: test.id,
				runs: test.runs,
				checks: test.checks
			}))
		},
		null,
		'\t'
	)}\n`;
}
