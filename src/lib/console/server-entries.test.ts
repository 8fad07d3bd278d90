import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { ConsoleLog } from './entries';
import { buildTrace, parseTrace, serializeTrace } from './trace';

const manualCall: AgentEvent[] = [
	{
		type: 'tool-call',
		at: 1,
		turnId: 'manual:m1',
		iteration: 1,
		callId: 'm1',
		name: 'everything_mcp_trigger-sampling-request',
		resolvedName: 'everything_mcp_trigger-sampling-request',
		server: 'everything',
		protocol: 'mcp',
		tool: 'trigger-sampling-request',
		origin: 'manual',
		args: { prompt: 'hi' },
		guided: false
	},
	{
		type: 'server-request',
		at: 2,
		turnId: 'manual:m1',
		requestId: 'request-1',
		server: 'everything',
		method: 'sampling/createMessage',
		callId: 'm1',
		origin: 'manual',
		params: {
			messages: [
				{ role: 'user', content: { type: 'text', text: 'Name a colour, key sk-ant-abcdefghijklmnopqrstuvwx' } }
			],
			maxTokens: 30,
			modelPreferences: { hints: [{ name: 'claude' }] }
		}
	},
	{
		type: 'server-response',
		at: 5,
		turnId: 'manual:m1',
		requestId: 'request-1',
		server: 'everything',
		method: 'sampling/createMessage',
		decision: 'edited',
		result: { role: 'assistant', content: { type: 'text', text: 'teal' }, model: 'm' },
		elapsedMs: 3
	},
	{
		type: 'tool-result',
		at: 6,
		turnId: 'manual:m1',
		iteration: 1,
		callId: 'm1',
		name: 'everything_mcp_trigger-sampling-request',
		resolvedName: 'everything_mcp_trigger-sampling-request',
		server: 'everything',
		protocol: 'mcp',
		tool: 'trigger-sampling-request',
		origin: 'manual',
		result: 'teal',
		elapsedMs: 5,
		size: 4,
		truncated: false,
		recallId: 'm1'
	},
	{
		type: 'tool-call',
		at: 7,
		turnId: 'refresh:r1',
		iteration: 1,
		callId: 'r1',
		name: 'everything_mcp_echo',
		resolvedName: 'everything_mcp_echo',
		server: 'everything',
		protocol: 'mcp',
		tool: 'echo',
		origin: 'refresh',
		args: { message: 'x' },
		guided: false
	},
	{
		type: 'server-log',
		at: 8,
		turnId: 'server:everything',
		server: 'everything',
		messages: [
			{ level: 'error', logger: 'db', data: 'connection lost', at: 8 },
			{ level: 'debug', data: { password: 'hunter22', step: 1 }, at: 8 }
		],
		dropped: 40
	}
];

describe('server requests and log messages in the console', () => {
	it('are entries: a request row that says how it ended, and a row per log message by level', () => {
		const log = new ConsoleLog();
		log.sync(manualCall);
		const request = log.entries.find((entry) => entry.kind === 'server-request');
		expect(request).toMatchObject({ server: 'everything', callId: 'm1', status: 'ok', durationMs: 3 });
		expect(request?.summary).toMatch(
			/sampling: 1 message · up to 30 tokens · hints claude · during a manual call: Name a colour.* → edited: teal/
		);
		expect(log.serverResponse('request-1')?.decision).toBe('edited');
		const logs = log.entries.filter((entry) => entry.kind === 'server-log');
		expect(logs.map((entry) => [entry.status, entry.summary.slice(0, 14)])).toEqual([
			['error', 'error · db: co'],
			['ok', 'debug: {"passw'],
			['warning', '40 log message']
		]);
		expect(logs[0].haystack).toContain('level:error');
	});

	it('a pending request stays pending until its response; a refusal with no request row still gets one', () => {
		const log = new ConsoleLog();
		log.sync(manualCall.slice(0, 2));
		expect(log.entries.find((entry) => entry.kind === 'server-request')?.status).toBe('pending');
		const asked = new ConsoleLog();
		asked.sync([
			{
				type: 'server-request',
				at: 1,
				turnId: 't',
				requestId: 'e1',
				server: 'x',
				method: 'elicitation/create',
				params: {
					message: 'Who are you?',
					requestedSchema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } }
				}
			},
			{
				type: 'server-response',
				at: 2,
				turnId: 't',
				requestId: 'e1',
				server: 'x',
				method: 'elicitation/create',
				decision: 'accept',
				result: { action: 'accept', content: { name: 'Ada', age: 36 } },
				elapsedMs: 1
			}
		]);
		expect(asked.entries[0].summary).toBe(
			'elicitation (form: name, age): Who are you? → accept: {"name":"Ada","age":36}'
		);
		const refused = new ConsoleLog();
		refused.sync([
			{
				type: 'server-response',
				at: 1,
				turnId: 'server:x',
				requestId: 'r9',
				server: 'x',
				method: 'elicitation/create',
				decision: 'refused',
				error: 'too many',
				elapsedMs: 0
			}
		]);
		expect(refused.entries[0]).toMatchObject({ kind: 'server-request', status: 'error' });
	});

	it('are in exported traces with manual calls and refreshes, redacted, and load back', () => {
		const trace = buildTrace(manualCall, { now: new Date(0) });
		const text = serializeTrace(trace);
		expect(trace.events.map((event) => event.type)).toEqual([
			'tool-call',
			'server-request',
			'server-response',
			'tool-result',
			'tool-call',
			'server-log'
		]);
		expect(
			trace.events.filter((event) => 'origin' in event).map((event) => ('origin' in event ? event.origin : ''))
		).toEqual(['manual', 'manual', 'manual', 'refresh']);
		expect(text).not.toContain('sk-ant-abcdefghijklmnopqrstuvwx');
		expect(text).not.toContain('hunter22');
		expect(text).toContain('Name a colour');
		expect(parseTrace(text).events).toHaveLength(manualCall.length);
	});
});
