import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { appendInBatches, doneEvent, sampleSession, sampleTurn } from '$lib/console/sample-events';
import { Transcript, deriveTranscript, doneLabel, type ToolItem } from './transcript';
import { adviceFor } from './error-advice';

const call = {
	turnId: 't',
	iteration: 1,
	callId: 'c1',
	name: 'mem_mcp_delete_entities',
	resolvedName: 'mem_mcp_delete_entities',
	server: 'mem',
	protocol: 'mcp' as const,
	tool: 'delete_entities'
};
const start: AgentEvent = { type: 'turn-start', at: 0, turnId: 't', text: 'delete Bob' };

function shape(events: AgentEvent[]) {
	return deriveTranscript(events).map((item) =>
		item.kind === 'tool' ? `tool:${item.tool}:${item.status}` : item.kind
	);
}

describe('deriveTranscript', () => {
	it('shows the user message, text per iteration, tool chips in call order and a done marker', () => {
		expect(shape(sampleTurn())).toEqual([
			'user',
			'assistant',
			'tool:query:done',
			'tool:forecast:done',
			'tool:widget_display:done',
			'assistant',
			'done'
		]);
		const items = deriveTranscript(sampleTurn());
		expect(items[0]).toMatchObject({ kind: 'user', text: 'Show sales by region' });
		expect(items[1]).toMatchObject({ kind: 'assistant', text: 'Let me look that up.', streaming: false });
		expect(items[5]).toMatchObject({ kind: 'assistant', text: 'Here is **the table**.' });
	});

	it('fills a chip with args, result, elapsed time, truncation and the widget it made', () => {
		const items = deriveTranscript(sampleTurn());
		const query = items.find((item): item is ToolItem => item.kind === 'tool' && item.tool === 'query');
		expect(query).toMatchObject({
			server: 'datasets',
			elapsedMs: 1990,
			truncated: true,
			result: '[{"region":"EU","sales":10}]'
		});
		expect(query?.args).toEqual({ sql: 'select region, sum(sales) from orders group by 1' });
		const widget = items.find((item): item is ToolItem => item.kind === 'tool' && item.tool === 'widget_display');
		expect(widget?.widgetId).toBe('w_abc123');
	});

	it('shows a failed call as an error chip with its code', () => {
		const items = deriveTranscript(sampleTurn({ withToolError: true }));
		const forecast = items.find((item): item is ToolItem => item.kind === 'tool' && item.tool === 'forecast');
		expect(forecast).toMatchObject({ status: 'error', code: 'mcp_unreachable', error: 'server unreachable' });
	});

	it('gives a task call its latest state and keeps the last status message', () => {
		const items = deriveTranscript([
			start,
			{ type: 'tool-call', at: 1, ...call, args: {}, guided: false },
			{ type: 'task-status', at: 2, ...call, taskId: 'k1', status: 'working', message: 'Analyzing content...' },
			{ type: 'task-status', at: 3, ...call, taskId: 'k1', status: 'completed' }
		]);
		const chip = items.find((item): item is ToolItem => item.kind === 'tool');
		expect(chip?.task).toEqual({ taskId: 'k1', status: 'completed', message: 'Analyzing content...' });
	});

	it('keeps text streaming until its iteration has a response', () => {
		const events = sampleTurn();
		const firstDelta = events.findIndex((event) => event.type === 'text-delta');
		const items = deriveTranscript(events.slice(0, firstDelta + 1));
		expect(items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Let me ', streaming: true });
	});

	it('shows an approval prompt until the decision, then the chip reflects it', () => {
		const asked: AgentEvent[] = [
			start,
			{ type: 'tool-call', at: 1, ...call, args: { names: ['Bob'] }, guided: false },
			{
				type: 'approval-request',
				at: 2,
				...call,
				args: { names: ['Bob'] },
				reason: 'The server marks this tool destructive.'
			}
		];
		const transcript = new Transcript();
		transcript.sync(asked);
		expect(transcript.items.map((item) => item.kind)).toEqual(['user', 'tool', 'approval']);
		expect(transcript.items[2]).toMatchObject({
			callId: 'c1',
			tool: 'delete_entities',
			reason: 'The server marks this tool destructive.'
		});
		expect(transcript.activity).toBe('approval');
		transcript.sync([...asked, { type: 'approval-decision', at: 3, ...call, decision: 'deny' }]);
		expect(transcript.items.map((item) => item.kind)).toEqual(['user', 'tool']);
		expect(transcript.items[1]).toMatchObject({ status: 'denied', decision: 'deny' });
	});

	it('shows a denied or stopped call as denied or cancelled, not as a failed tool', () => {
		const events: AgentEvent[] = [
			start,
			{ type: 'tool-call', at: 1, ...call, args: {}, guided: false },
			{ type: 'approval-request', at: 2, ...call, args: {}, reason: 'destructive' },
			{ type: 'approval-decision', at: 3, ...call, decision: 'deny' },
			{
				type: 'tool-error',
				at: 4,
				...call,
				error: 'The user denied this call.',
				code: 'denied',
				result: 'Error (denied): The user denied this call.',
				elapsedMs: 3
			},
			{ type: 'tool-call', at: 5, ...call, callId: 'c2', args: {}, guided: false },
			{
				type: 'tool-error',
				at: 6,
				...call,
				callId: 'c2',
				error: 'no such entity',
				code: 'tool_error',
				result: 'Error: no such entity',
				elapsedMs: 1
			}
		];
		expect(shape(events)).toEqual(['user', 'tool:delete_entities:denied', 'tool:delete_entities:error']);
		const stopped: AgentEvent[] = [
			start,
			{ type: 'tool-call', at: 1, ...call, args: {}, guided: false },
			{
				type: 'tool-error',
				at: 2,
				...call,
				error: 'Cancelled: the user stopped the turn.',
				code: 'aborted',
				result: 'Error (aborted): Cancelled',
				elapsedMs: 1
			}
		];
		expect(shape(stopped)).toEqual(['user', 'tool:delete_entities:cancelled']);
		expect(deriveTranscript(events)[1]).toMatchObject({ error: 'The user denied this call.', code: 'denied' });
	});

	it('creates the chip from an approval request that came without a tool-call', () => {
		expect(shape([start, { type: 'approval-request', at: 2, ...call, args: {}, reason: 'destructive' }])).toEqual([
			'user',
			'tool:delete_entities:waiting',
			'approval'
		]);
	});

	it('settles a stopped turn: running chips become cancelled, prompts disappear', () => {
		const events: AgentEvent[] = [
			start,
			{ type: 'text-delta', at: 1, turnId: 't', iteration: 1, text: 'Working' },
			{ type: 'tool-call', at: 1, ...call, args: {}, guided: false },
			{ type: 'tool-call', at: 1, ...call, callId: 'c2', args: {}, guided: false },
			{ type: 'approval-request', at: 2, ...call, callId: 'c2', args: {}, reason: 'destructive' },
			doneEvent('t', 5, 'aborted')
		];
		const items = deriveTranscript(events);
		expect(shape(events)).toEqual([
			'user',
			'assistant',
			'tool:delete_entities:cancelled',
			'tool:delete_entities:cancelled',
			'done'
		]);
		expect(items[1]).toMatchObject({ streaming: false });
		expect(items.at(-1)).toMatchObject({ kind: 'done', reason: 'aborted' });
	});

	it('shows errors with advice and warnings as notices', () => {
		const items = deriveTranscript([
			start,
			{ type: 'warning', at: 1, turnId: 't', code: 'loop_detected', message: 'The same call was repeated 3 times.' },
			{ type: 'error', at: 2, turnId: 't', code: 'provider_auth', message: 'invalid x-api-key' },
			doneEvent('t', 3, 'error')
		]);
		expect(items.map((item) => item.kind)).toEqual(['user', 'notice', 'error', 'done']);
		expect(items[2]).toMatchObject({
			code: 'provider_auth',
			advice: { title: 'The API key was rejected', action: 'settings' }
		});
	});

	it('tracks what the agent is doing', () => {
		const events = sampleTurn();
		const transcript = new Transcript();
		const seen: string[] = [];
		for (let i = 1; i <= events.length; i++) {
			transcript.sync(events.slice(0, i));
			if (seen.at(-1) !== transcript.activity) seen.push(transcript.activity);
		}
		expect(seen).toEqual([
			'thinking',
			'retrying',
			'streaming',
			'tools',
			'thinking',
			'tools',
			'thinking',
			'streaming',
			'thinking',
			'idle'
		]);
	});
});

describe('Transcript.sync', () => {
	it('appending in batches gives the same items as deriving at once', () => {
		const all = sampleSession(5);
		const transcript = new Transcript();
		appendInBatches(all, 3, (growing) => transcript.sync(growing));
		expect(transcript.items).toEqual(deriveTranscript(all));
	});

	it('publishes a new array only when something changed, reusing unchanged items', () => {
		const events = sampleTurn();
		const transcript = new Transcript();
		transcript.sync(events.slice(0, 10));
		const before = transcript.items;
		expect(transcript.sync(events.slice(0, 10))).toBe(false);
		expect(transcript.items).toBe(before);
		transcript.sync(events.slice(0, 12));
		expect(transcript.items).not.toBe(before);
		expect(transcript.items[0]).toBe(before[0]);
	});

	it('starts over for a new conversation and finds the last user message', () => {
		const transcript = new Transcript();
		transcript.sync(sampleSession(2));
		expect(transcript.lastUser()?.text).toBe('Question 2');
		transcript.sync([]);
		expect(transcript.items).toEqual([]);
		expect(transcript.lastUser()).toBeUndefined();
	});
});

describe('error advice', () => {
	it('maps codes to what to do next', () => {
		expect(adviceFor('provider_auth')).toMatchObject({ title: 'The API key was rejected', action: 'settings' });
		expect(adviceFor('provider_auth', 'No API key is set')).toMatchObject({
			title: 'No API key yet',
			action: 'settings'
		});
		expect(adviceFor('provider_network').title).toBe('The model endpoint is unreachable');
		expect(adviceFor('provider_no_tools').title).toBe('This model does not support tools');
		expect(adviceFor('mcp_unreachable')).toMatchObject({ title: 'A data server is down', action: 'servers' });
		expect(adviceFor('mcp_something_new').action).toBe('servers');
		expect(adviceFor('weird').action).toBe('retry');
	});

	it('labels unusual endings', () => {
		expect(doneLabel('end_turn')).toBe('');
		expect(doneLabel('aborted')).toBe('Stopped.');
		expect(doneLabel('max_iterations')).toContain('maximum number of steps');
	});
});

describe('a server’s request during a call', () => {
	const call = {
		iteration: 1,
		callId: 'c1',
		name: 'everything_mcp_trigger-sampling-request',
		resolvedName: 'everything_mcp_trigger-sampling-request',
		server: 'everything',
		protocol: 'mcp' as const,
		tool: 'trigger-sampling-request'
	};
	it('is an item beside the agent’s call until answered, then says how it ended; a manual call’s request is not in the chat', () => {
		const asked: AgentEvent[] = [
			{ type: 'turn-start', at: 1, turnId: 't1', text: 'ask' },
			{ type: 'tool-call', at: 2, turnId: 't1', ...call, args: {}, guided: false },
			{
				type: 'server-request',
				at: 3,
				turnId: 't1',
				requestId: 'r1',
				server: 'everything',
				method: 'sampling/createMessage',
				params: {},
				callId: 'c1',
				origin: 'model'
			},
			{
				type: 'server-request',
				at: 3,
				turnId: 'manual:m',
				requestId: 'r2',
				server: 'everything',
				method: 'elicitation/create',
				params: {},
				callId: 'm',
				origin: 'manual'
			}
		];
		const transcript = new Transcript();
		transcript.sync(asked);
		expect(transcript.items.map((item) => item.kind)).toEqual(['user', 'tool', 'server-request']);
		expect(transcript.activity).toBe('approval');
		transcript.sync([
			...asked,
			{
				type: 'server-response',
				at: 4,
				turnId: 't1',
				requestId: 'r1',
				server: 'everything',
				method: 'sampling/createMessage',
				decision: 'approved',
				elapsedMs: 1
			}
		]);
		expect(transcript.items.at(-1)).toMatchObject({ kind: 'server-request', requestId: 'r1', decision: 'approved' });
		expect(transcript.activity).toBe('tools');
	});
});
