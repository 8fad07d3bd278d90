import { describe, expect, it } from 'vitest';
import { compileRules, isIgnored, parseRuleLines, pointerSegments, toPointer, withoutIgnored } from './pointer.js';
import { compareCall, diffJson, diffTools } from './diff.js';
import { readSession, recordedTools, toSessionFile } from './session.js';
import { replaySession, UnreachableError, type ReplayTarget } from './runner.js';
import { buildReport, exitCode, noteLines, reportLines } from './report.js';

const forecast = (tempC: number, generatedAt = '2026-01-01T00:00:00Z') => ({
	content: [{ type: 'text', text: `Paris: ${tempC}` }],
	structuredContent: { city: 'Paris', tempC, generatedAt }
});

function trace() {
	const call = (callId: string, tool: string, args: Record<string, unknown>, origin?: string) => ({
		type: 'tool-call',
		at: 1,
		turnId: 't1',
		iteration: 0,
		callId,
		name: `weather_mcp_${tool}`,
		resolvedName: `weather_mcp_${tool}`,
		server: 'weather',
		protocol: 'mcp',
		tool,
		args,
		guided: false,
		...(origin ? { origin } : {})
	});
	const end = (callId: string, output: unknown, elapsedMs: number, error = false) => ({
		type: error ? 'tool-error' : 'tool-result',
		at: 2,
		turnId: 't1',
		iteration: 0,
		callId,
		name: 'x',
		resolvedName: 'x',
		result: 'fitted text',
		elapsedMs,
		...(error ? { error: 'failed', code: 'mcp_tool_error' } : { size: 1, truncated: false, recallId: callId }),
		...(output ? { output } : {})
	});
	return {
		format: 'autoui-trace',
		version: 1,
		exportedAt: '2026-01-01T00:00:00.000Z',
		summary: {},
		servers: {
			weather: {
				url: 'http://127.0.0.1:1/mcp',
				protocolVersion: '2025-11-25',
				tools: [
					{ name: 'forecast', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
					{ name: 'save_note', inputSchema: { type: 'object' } }
				]
			}
		},
		events: [
			{ type: 'turn-start', at: 0, turnId: 't1', text: 'hi' },
			call('c1', 'forecast', { city: 'Paris' }),
			end('c1', forecast(18), 40),
			call('c2', 'save_note', { text: 'x' }, 'manual'),
			end('c2', { content: [{ type: 'text', text: 'nope' }], isError: true }, 5, true),
			call('c3', 'forecast', { city: 'Oslo' }),
			end('c3', undefined, 9, true), // refused before any answer: not replayed
			{ ...call('c4', 'autoui', {}), protocol: 'webmcp' }
		]
	};
}

describe('pointer rules', () => {
	it('reads pointers with escapes and refuses what is not one', () => {
		expect(pointerSegments('/a~1b/~0c/0')).toEqual(['a/b', '~c', '0']);
		expect(toPointer(['a/b', '~c', 0])).toBe('/a~1b/~0c/0');
		expect(() => pointerSegments('structuredContent/x')).toThrow(/must start with "\/"/);
		expect(() => parseRuleLines('/ok\n# note\n\nbad')).toThrow(/"bad"/);
		expect(parseRuleLines(' /a \n# c\n/b/*')).toEqual(['/a', '/b/*']);
	});
	it('matches * for any index or key, and everything under a rule', () => {
		const rules = compileRules(['/structuredContent/items/*/at', '/meta']);
		expect(isIgnored(['structuredContent', 'items', 3, 'at'], rules)).toBe(true);
		expect(isIgnored(['structuredContent', 'items', 3, 'id'], rules)).toBe(false);
		expect(isIgnored(['meta', 'deep', 'x'], rules)).toBe(true);
		expect(withoutIgnored({ meta: 1, structuredContent: { items: [{ at: 1, id: 2 }] } }, rules)).toEqual({
			structuredContent: { items: [{ id: 2 }] }
		});
	});
});

describe('diff', () => {
	it('lists the differing paths, inside JSON texts too, and leaves out ignored ones', () => {
		const a = { content: [{ type: 'text', text: '{"n":1,"at":"x"}' }], structuredContent: { n: 1, list: [1, 2] } };
		const b = {
			content: [{ type: 'text', text: '{"n":2,"at":"y"}' }],
			structuredContent: { n: 1, list: [1], extra: true }
		};
		expect(diffJson(a, b)).toEqual([
			'/content/0/text/n',
			'/content/0/text/at',
			'/structuredContent/list/1',
			'/structuredContent/extra'
		]);
		expect(diffJson(a, b, compileRules(['/content/*/text/at', '/structuredContent/extra']))).toEqual([
			'/content/0/text/n',
			'/structuredContent/list/1'
		]);
		expect(diffJson({ a: 1 }, { a: '1' })).toEqual(['/a']);
	});
	it('gives each call its status', () => {
		const ok = { ok: true, output: forecast(18) };
		expect(
			compareCall(ok, { ok: true, output: forecast(18, 'later') }, compileRules(['/structuredContent/generatedAt']))
		).toEqual({
			status: 'same',
			paths: []
		});
		expect(
			compareCall(ok, { ok: true, output: forecast(64) }, compileRules(['/structuredContent/generatedAt']))
		).toEqual({
			status: 'changed',
			paths: ['/content/0/text', '/structuredContent/tempC']
		});
		expect(compareCall(ok, { ok: false, error: 'down' }).status).toBe('error');
		expect(compareCall({ ok: false, output: { content: [], isError: true } }, ok).status).toBe('fixed');
		expect(compareCall(null, { ok: true, output: forecast(1) }).status).toBe('same');
		expect(compareCall(null, { ok: false }).status).toBe('error');
		expect(compareCall({ ok: true }, ok).status).toBe('same');
	});
	it('diffs tool lists: added, removed, changed input or output schema', () => {
		const before = [
			{ name: 'a', inputSchema: { type: 'object' } },
			{ name: 'b', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } },
			{ name: 'gone', inputSchema: {} }
		];
		const after = [
			{ name: 'a', inputSchema: { type: 'object' }, description: 'new text only' },
			{ name: 'b', inputSchema: { type: 'object', required: ['x'] }, outputSchema: { type: 'array' } },
			{ name: 'new', inputSchema: {} }
		];
		expect(diffTools(before, after)).toEqual({
			added: ['new'],
			removed: ['gone'],
			changed: [
				{ name: 'b', fields: ['inputSchema', 'outputSchema'], paths: ['/inputSchema/required', '/outputSchema/type'] }
			]
		});
	});
});

describe('sessions', () => {
	it('reads a trace: MCP calls with their answers, origins, servers and tool lists', () => {
		const session = readSession(JSON.stringify(trace()));
		expect(session.kind).toBe('trace');
		expect(session.calls.map((call) => [call.tool, call.origin, call.recorded?.ok, call.ms])).toEqual([
			['forecast', 'model', true, 40],
			['save_note', 'manual', false, 5]
		]);
		expect(session.calls[0].recorded?.output).toEqual(forecast(18));
		expect(session.servers.weather).toMatchObject({ url: 'http://127.0.0.1:1/mcp', protocolVersion: '2025-11-25' });
		expect(recordedTools(session, 'weather').map((tool) => tool.name)).toEqual(['forecast', 'save_note']);
		expect(readSession(toSessionFile(session, ['/x']))).toMatchObject({
			kind: 'session',
			ignore: ['/x'],
			calls: session.calls
		});
	});
	it('reads saved calls (no answers) and mock scenarios (one answer per tool, any arguments)', () => {
		const saved = readSession({
			format: 'autoui-saved-calls',
			version: 1,
			calls: [
				{
					id: 's',
					server: 'weather',
					collection: 'Saved',
					name: 'n',
					tool: 'forecast',
					args: { city: 'Lima' },
					createdAt: 1
				}
			]
		});
		expect(saved.calls).toEqual([
			{ server: 'weather', tool: 'forecast', args: { city: 'Lima' }, origin: 'saved', recorded: null, ms: null }
		]);
		expect(recordedTools(saved, 'weather')).toEqual([{ name: 'forecast', inputSchema: { type: 'object' } }]);
		const scenario = readSession({
			format: 'autoui-mock-scenario',
			version: 1,
			name: 'Rainy',
			mocks: [
				{ server: 'weather', protocol: 'mcp', tool: 'forecast', result: { tempC: 3 } },
				{ server: 'weather', protocol: 'mcp', tool: 'stations', template: '{"region": "{{region}}"}' }
			]
		});
		expect(scenario.name).toBe('Rainy');
		expect(scenario.calls[0]).toMatchObject({
			args: null,
			recorded: { ok: true, output: { structuredContent: { tempC: 3 } } }
		});
		expect(scenario.calls[1].template).toBe('{"region": "{{region}}"}');
	});
	it('says what is wrong with a file that is not a session', () => {
		expect(() => readSession('{')).toThrow(/not valid JSON/);
		expect(() => readSession('{"format": "other"}')).toThrow(/expected "autoui-trace" \(the console's Export\)/);
		expect(() => readSession({ format: 'autoui-trace' })).toThrow(/no "events"/);
		expect(() => readSession({ ...trace(), replay: { ignore: ['nope'] } })).toThrow(/not a JSON pointer/);
	});
});

function target(
	answers: (tool: string, args: Record<string, unknown>) => unknown,
	tools: unknown[]
): ReplayTarget & { called: string[] } {
	const called: string[] = [];
	return {
		url: 'http://target/mcp',
		called,
		listTools: async () => tools as never,
		callTool: async (tool, args) => {
			called.push(tool);
			const answer = answers(tool, args);
			if (answer instanceof Error) throw answer;
			return answer as never;
		}
	};
}

describe('replay', () => {
	const v2Tools = [
		{ name: 'forecast', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
		{ name: 'save_note', inputSchema: { type: 'object' } },
		{ name: 'alerts', inputSchema: { type: 'object' } }
	];
	it('runs the calls in order, asks before a tool that is not read-only, and reports', async () => {
		const session = readSession(trace());
		const weather = target(
			(tool) => (tool === 'forecast' ? forecast(64, 'now') : { content: [{ type: 'text', text: 'ok' }] }),
			v2Tools
		);
		const asked: string[] = [];
		let clock = 0;
		const result = await replaySession(session, {
			targets: { weather },
			ignore: ['/structuredContent/generatedAt'],
			approve: async (call) => (asked.push(call.tool), true),
			now: () => (clock += 7)
		});
		expect(asked).toEqual(['save_note']);
		expect(weather.called).toEqual(['forecast', 'save_note']);
		expect(result.rows.map((row) => [row.tool, row.status, row.paths])).toEqual([
			['forecast', 'changed', ['/content/0/text', '/structuredContent/tempC']],
			['save_note', 'fixed', []]
		]);
		expect(result.rows[0].ms).toEqual({ recorded: 40, replayed: 7 });
		const report = buildReport(result);
		expect(report.tools).toEqual({ added: ['alerts'], removed: [], changed: [] });
		expect(report.summary).toEqual({ same: 0, changed: 1, error: 0, fixed: 1 });
		expect(reportLines(report)).toEqual([
			'changed weather/forecast /content/0/text /structuredContent/tempC',
			'fixed weather/save_note',
			'0 same, 1 changed'
		]);
		expect(noteLines(report)).toEqual(['tools added: alerts', '0 error, 1 fixed']);
		expect(exitCode(report)).toBe(1);
	});
	it('skips on request, exits 0 when all is the same, and counts a removed tool against it', async () => {
		const session = readSession(trace());
		const weather = target(
			(tool) => (tool === 'forecast' ? forecast(18, 'now') : new Error('down')),
			v2Tools.slice(0, 2)
		);
		const result = await replaySession(session, {
			targets: { weather },
			ignore: ['/structuredContent/generatedAt'],
			approve: async () => false
		});
		expect(result.rows.map((row) => row.status)).toEqual(['same', 'skipped']);
		expect(weather.called).toEqual(['forecast']);
		expect(exitCode(buildReport({ rows: result.rows.slice(0, 1), tools: result.tools }))).toBe(0);
		const removed = await replaySession(session, {
			targets: { weather: target(() => forecast(18), v2Tools.slice(0, 1)) },
			ignore: ['/structuredContent/generatedAt']
		});
		expect(buildReport(removed).tools.removed).toEqual(['save_note']);
		expect(exitCode(buildReport(removed))).toBe(1);
	});
	it('names the unreachable target, and a call that fails now is an error row', async () => {
		const session = readSession(trace());
		const down = {
			url: 'http://127.0.0.1:9/mcp',
			listTools: () => Promise.reject(new Error('ECONNREFUSED')),
			callTool: () => Promise.reject(new Error('x'))
		};
		await expect(replaySession(session, { targets: { weather: down } })).rejects.toThrow(UnreachableError);
		await expect(replaySession(session, { targets: { weather: down } })).rejects.toThrow(
			/weather at http:\/\/127\.0\.0\.1:9\/mcp/
		);
		await expect(replaySession(session, { targets: {} })).rejects.toThrow(/--server weather=<url>/);
		const flaky = target(() => new Error('socket hang up'), v2Tools);
		const rows: string[] = [];
		await replaySession(session, { targets: { weather: flaky }, onRow: (row) => rows.push(row.status) });
		expect(rows).toEqual(['error', 'same']);
	});
});
