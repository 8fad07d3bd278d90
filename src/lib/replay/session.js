/**
 * Sessions to replay, read from the files the app exports: an `autoui-trace` (the console's
 * Export: every call the model, the workbench and live widgets made, with the servers'
 * addresses, revisions and tool lists), an `autoui-saved-calls` collection (calls without
 * answers) and an `autoui-mock-scenario` (one answer per tool, for any arguments), plus the
 * `autoui-replay-session` this room writes itself. Pure: text in, a session out; a bad file
 * throws an Error whose message says what is wrong and which file to use instead.
 */
import { compileRules } from './pointer.js';

/** @typedef {import('./diff.js').CallOutcome} CallOutcome */
/** @typedef {import('./diff.js').CallOutput} CallOutput */
/** @typedef {import('./diff.js').ListedTool} ListedTool */
/** @typedef {{ url?: string; protocolVersion?: string; tools: ListedTool[] | null }} SessionServer */
/**
 * One recorded call. `args` null: any arguments (a mock scenario's tool); `template`: the
 * scenario's answer is rendered over the arguments.
 * @typedef {object} SessionCall
 * @property {string} server
 * @property {string} tool
 * @property {Record<string, unknown> | null} args
 * @property {string} origin `model`, `manual`, `refresh`, `app`, `saved` or `mock`
 * @property {CallOutcome | null} recorded
 * @property {number | null} ms
 * @property {string} [template]
 */
/**
 * @typedef {object} Session
 * @property {'trace' | 'saved-calls' | 'mock-scenario' | 'session'} kind
 * @property {string} name
 * @property {Record<string, SessionServer>} servers
 * @property {SessionCall[]} calls
 * @property {string[]} ignore
 */

/** The format this room writes. */
export const sessionFormat = 'autoui-replay-session';

/** @param {unknown} value @returns {value is Record<string, any>} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {string} message */
const invalid = (message) => new Error(`This session cannot be replayed: ${message}`);

/** @param {unknown} value @returns {CallOutput | undefined} */
function outputOf(value) {
	if (!isObject(value) || !Array.isArray(value.content)) return undefined;
	return {
		content: value.content,
		...(value.structuredContent !== undefined ? { structuredContent: value.structuredContent } : {}),
		...(value.isError ? { isError: true } : {})
	};
}

/** @param {unknown} value @returns {string[]} */
function ignoreOf(value) {
	const rules =
		isObject(value) && Array.isArray(value.ignore) ? value.ignore.filter((rule) => typeof rule === 'string') : [];
	compileRules(rules);
	return rules;
}

/** @param {unknown} value @returns {ListedTool[] | null} */
function toolsOf(value) {
	return Array.isArray(value) ? value.filter((tool) => isObject(tool) && typeof tool.name === 'string') : null;
}

/** @param {Record<string, any>} data @returns {Session} */
function fromTrace(data) {
	if (!Array.isArray(data.events)) throw invalid('the trace has no "events" list.');
	/** @type {Map<string, Record<string, any>>} */
	const ends = new Map();
	for (const event of data.events)
		if (isObject(event) && (event.type === 'tool-result' || event.type === 'tool-error'))
			ends.set(`${event.turnId}\n${event.callId}`, event);
	/** @type {SessionCall[]} */
	const calls = [];
	for (const event of data.events) {
		if (!isObject(event) || event.type !== 'tool-call' || event.protocol !== 'mcp') continue;
		if (typeof event.server !== 'string' || typeof event.tool !== 'string' || !isObject(event.args)) continue;
		const end = ends.get(`${event.turnId}\n${event.callId}`);
		// Unfinished, mocked, or refused before any server answered: nothing of the server's to replay.
		if (!end || end.mocked) continue;
		const output = outputOf(end.output);
		if (end.type === 'tool-error' && !output) continue;
		calls.push({
			server: event.server,
			tool: event.tool,
			args: event.args,
			origin: typeof event.origin === 'string' ? event.origin : 'model',
			recorded: { ok: end.type === 'tool-result', ...(output ? { output } : {}) },
			ms: typeof end.elapsedMs === 'number' ? end.elapsedMs : null
		});
	}
	/** @type {Record<string, SessionServer>} */
	const servers = {};
	const listed = isObject(data.servers) ? data.servers : {};
	for (const name of new Set([...calls.map((call) => call.server), ...Object.keys(listed)])) {
		const server = listed[name];
		servers[name] = {
			...(isObject(server) && typeof server.url === 'string' ? { url: server.url } : {}),
			...(isObject(server) && typeof server.protocolVersion === 'string'
				? { protocolVersion: server.protocolVersion }
				: {}),
			tools: isObject(server) ? toolsOf(server.tools) : null
		};
	}
	const name = typeof data.exportedAt === 'string' && data.exportedAt ? `Trace of ${data.exportedAt}` : 'Trace';
	return { kind: 'trace', name, servers, calls, ignore: ignoreOf(data.replay) };
}

/** @param {Record<string, any>} data @returns {Session} */
function fromSavedCalls(data) {
	if (!Array.isArray(data.calls)) throw invalid('the saved-calls file has no "calls" list.');
	const saved = data.calls.filter(
		(call) => isObject(call) && typeof call.server === 'string' && typeof call.tool === 'string' && isObject(call.args)
	);
	/** @type {Record<string, SessionServer>} */
	const servers = {};
	for (const call of saved) servers[call.server] ??= { tools: null };
	return {
		kind: 'saved-calls',
		name: 'Saved calls',
		servers,
		calls: saved.map((call) => ({
			server: call.server,
			tool: call.tool,
			args: call.args,
			origin: 'saved',
			recorded: null,
			ms: null
		})),
		ignore: ignoreOf(data.replay)
	};
}

/** @param {unknown} result @returns {CallOutput} */
function mockOutput(result) {
	if (typeof result === 'string') return { content: [{ type: 'text', text: result }] };
	return { content: [{ type: 'text', text: JSON.stringify(result ?? null) }], structuredContent: result ?? null };
}

/** @param {Record<string, any>} data @returns {Session} */
function fromScenario(data) {
	if (!Array.isArray(data.mocks)) throw invalid('the scenario has no "mocks" list.');
	const mocks = data.mocks.filter(
		(mock) => isObject(mock) && typeof mock.server === 'string' && typeof mock.tool === 'string'
	);
	/** @type {Record<string, SessionServer>} */
	const servers = {};
	for (const mock of mocks) {
		const server = (servers[mock.server] ??= { tools: [] });
		server.tools?.push({ name: mock.tool, inputSchema: { type: 'object' } });
	}
	return {
		kind: 'mock-scenario',
		name: typeof data.name === 'string' && data.name ? data.name : 'Scenario',
		servers,
		calls: mocks.map((mock) => {
			const isError = mock.isError === true;
			const template = typeof mock.template === 'string' ? { template: mock.template } : {};
			const output = { ...mockOutput(template.template ?? mock.result), ...(isError ? { isError } : {}) };
			return {
				server: mock.server,
				tool: mock.tool,
				args: null,
				origin: 'mock',
				recorded: { ok: !isError, output },
				ms: null,
				...template
			};
		}),
		ignore: []
	};
}

/** @param {Record<string, any>} data @returns {Session} */
function fromSession(data) {
	if (!Array.isArray(data.calls) || !isObject(data.servers)) throw invalid('it needs "servers" and "calls".');
	return {
		kind: 'session',
		name: typeof data.name === 'string' ? data.name : 'Session',
		servers: data.servers,
		calls: data.calls.filter(
			(call) => isObject(call) && typeof call.server === 'string' && typeof call.tool === 'string'
		),
		ignore: ignoreOf(data)
	};
}

/**
 * Reads a session file's text (or parsed value).
 * @param {string | unknown} input
 * @returns {Session}
 */
export function readSession(input) {
	let data = input;
	if (typeof input === 'string') {
		try {
			data = JSON.parse(input);
		} catch (error) {
			throw invalid(`it is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
		}
	}
	if (!isObject(data)) throw invalid('it is not a JSON object.');
	switch (data.format) {
		case 'autoui-trace':
			return fromTrace(data);
		case 'autoui-saved-calls':
			return fromSavedCalls(data);
		case 'autoui-mock-scenario':
			return fromScenario(data);
		case sessionFormat:
			return fromSession(data);
		default:
			throw invalid(
				`its "format" is ${JSON.stringify(data.format)}; expected "autoui-trace" (the console's Export), "autoui-saved-calls" (the workbench's saved calls) or "autoui-mock-scenario" (a Mock mode scenario).`
			);
	}
}

/**
 * A session as a file of its own (what the mock server file embeds), with its ignore rules.
 * @param {Session} session
 * @param {readonly string[]} [ignore]
 */
export function toSessionFile(session, ignore = session.ignore) {
	return {
		format: sessionFormat,
		version: 1,
		name: session.name,
		servers: session.servers,
		calls: session.calls,
		ignore: [...ignore]
	};
}

/**
 * The recorded tools of a server: its listed tools, else the tools its calls used.
 * @param {Session} session
 * @param {string} server
 * @returns {ListedTool[]}
 */
export function recordedTools(session, server) {
	const listed = session.servers[server]?.tools;
	if (listed) return listed;
	const names = [...new Set(session.calls.filter((call) => call.server === server).map((call) => call.tool))];
	return names.map((name) => ({ name, inputSchema: { type: 'object' } }));
}
