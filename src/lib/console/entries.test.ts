import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { ConsoleLog, deriveEntries, entryKinds, formatDuration } from './entries';
import { computeMetrics } from './metrics';
import { appendInBatches, doneEvent, sampleSession, sampleTurn } from './sample-events';

const call = {
	turnId: 't',
	iteration: 1,
	callId: 'c1',
	name: 'mem_mcp_delete',
	resolvedName: 'mem_mcp_delete',
	server: 'mem',
	protocol: 'mcp' as const,
	tool: 'delete'
};

describe('deriveEntries', () => {
	it('produces the expected kinds in order for a turn with parallel calls', () => {
		const kinds = deriveEntries(sampleTurn()).map((entry) => entry.kind);
		expect(kinds).toEqual([
			'schema-patch',
			'request',
			'retry',
			'text',
			'response',
			'activation',
			'tool-call',
			'tool-call',
			'tool-result',
			'tool-result',
			'request',
			'response',
			'tool-call',
			'tool-result',
			'request',
			'text',
			'response',
			'done'
		]);
		for (const kind of kinds) expect(entryKinds).toContain(kind);
	});

	it('collapses the text deltas of one iteration into one text entry', () => {
		const entries = deriveEntries(sampleTurn());
		const texts = entries.filter((entry) => entry.kind === 'text');
		expect(texts.map((entry) => entry.text)).toEqual(['Let me look that up.', 'Here is **the table**.']);
		expect(texts[0].durationMs).toBe(20);
		expect(texts[0].haystack).toContain('look that up');
	});

	it('marks calls done with their duration, and results carry size and truncation', () => {
		const entries = deriveEntries(sampleTurn({ withToolError: true }));
		const calls = entries.filter((entry) => entry.kind === 'tool-call');
		expect(calls.map((entry) => [entry.tool, entry.status, entry.durationMs])).toEqual([
			['query', 'ok', 1990],
			['forecast', 'error', 388],
			['widget_display', 'ok', 20]
		]);
		const error = entries.find((entry) => entry.kind === 'tool-error');
		expect(error?.summary).toBe('mcp_unreachable: server unreachable');
		expect(error?.server).toBe('weather');
		const truncated = entries.find((entry) => entry.kind === 'tool-result' && entry.tool === 'query');
		expect(truncated?.summary).toContain('5,000 chars (truncated)');
	});

	it('gives responses their tokens and requests their latency', () => {
		const entries = deriveEntries(sampleTurn());
		const response = entries.find((entry) => entry.kind === 'response');
		expect(response?.tokens).toEqual({
			inputTokens: 1200,
			outputTokens: 80,
			cacheReadTokens: 3000,
			cacheWriteTokens: 0
		});
		const request = entries.find((entry) => entry.kind === 'request');
		expect(request?.status).toBe('ok');
		expect(request?.durationMs).toBe(898);
	});

	it('joins an approval request and its decision into one entry', () => {
		const events: AgentEvent[] = [
			{ type: 'turn-start', at: 0, turnId: 't', text: 'delete it' },
			{ type: 'tool-call', at: 1, ...call, args: { id: 1 }, guided: false },
			{ type: 'approval-request', at: 2, ...call, args: { id: 1 }, reason: 'destructive tool' }
		];
		const log = new ConsoleLog();
		log.sync(events);
		expect(log.entries.map((entry) => [entry.kind, entry.status])).toEqual([
			['tool-call', 'pending'],
			['approval', 'pending']
		]);
		log.sync([...events, { type: 'approval-decision', at: 1002, ...call, decision: 'deny' }]);
		expect(log.entries.map((entry) => [entry.kind, entry.status])).toEqual([
			['tool-call', 'error'],
			['approval', 'error']
		]);
		expect(log.entries[1].summary).toBe('denied: destructive tool');
		expect(log.entries[1].durationMs).toBe(1000);
	});

	it('marks calls and requests still running when a turn ends as cancelled', () => {
		const events: AgentEvent[] = [
			{ type: 'turn-start', at: 0, turnId: 't', text: 'q' },
			{
				type: 'request',
				at: 1,
				turnId: 't',
				iteration: 1,
				provider: 'openai',
				model: 'gpt-4o',
				system: '',
				tools: [],
				messages: []
			},
			{ type: 'tool-call', at: 5, ...call, args: {}, guided: false },
			doneEvent('t', 50, 'aborted')
		];
		const entries = deriveEntries(events);
		expect(entries.map((entry) => [entry.kind, entry.status])).toEqual([
			['request', 'cancelled'],
			['tool-call', 'cancelled'],
			['done', 'cancelled']
		]);
		expect(entries[1].durationMs).toBe(45);
	});

	it('shows a call the user stopped as cancelled, and does not count it as an error', () => {
		const events: AgentEvent[] = [
			{ type: 'turn-start', at: 0, turnId: 't', text: 'q' },
			{ type: 'tool-call', at: 5, ...call, args: {}, guided: false },
			{ type: 'tool-error', at: 30, ...call, error: 'Cancelled', code: 'aborted', result: 'Cancelled', elapsedMs: 25 },
			doneEvent('t', 50, 'aborted')
		];
		expect(deriveEntries(events).map((entry) => [entry.kind, entry.status])).toEqual([
			['tool-call', 'cancelled'],
			['tool-error', 'cancelled'],
			['done', 'cancelled']
		]);
		const metrics = computeMetrics(events);
		expect(metrics.errors).toBe(0);
	});

	it('shows progress in the call summary', () => {
		const entries = deriveEntries([
			{ type: 'tool-call', at: 1, ...call, args: {}, guided: false },
			{ type: 'tool-progress', at: 2, ...call, progress: 1, total: 4, message: 'rows' },
			{ type: 'tool-progress', at: 3, ...call, progress: 2, total: 4 }
		]);
		expect(entries[0].summary).toBe('delete({}) · progress 2 / 4');
	});
});

describe('ConsoleLog.sync', () => {
	it('processes only appended events and matches a full derivation', () => {
		const all = sampleSession(4);
		const log = new ConsoleLog();
		appendInBatches(all, 7, (growing) => log.sync(growing));
		expect(log.entries).toEqual(deriveEntries(all));
	});

	it('replaces only the changed entry object when a call finishes', () => {
		const events = sampleTurn();
		const cut = events.findIndex((event) => event.type === 'tool-result');
		const log = new ConsoleLog();
		log.sync(events.slice(0, cut));
		const before = [...log.entries];
		log.sync(events.slice(0, cut + 1));
		const changed = log.entries.filter((entry, i) => i < before.length && entry !== before[i]);
		expect(changed.map((entry) => entry.kind)).toEqual(['tool-call']);
	});

	it('starts over for an array that does not extend the last one', () => {
		const log = new ConsoleLog();
		log.sync(sampleTurn({ turnId: 'a' }));
		log.sync(sampleTurn({ turnId: 'b' }).slice(0, 3));
		expect(log.entries.every((entry) => entry.turnId === 'b')).toBe(true);
		expect(log.call('a-c1')).toBeUndefined();
		log.sync([]);
		expect(log.entries).toEqual([]);
	});

	it('reports whether anything changed', () => {
		const log = new ConsoleLog();
		const events = sampleTurn();
		expect(log.sync(events)).toBe(true);
		const version = log.version;
		expect(log.sync(events)).toBe(false);
		expect(log.version).toBe(version);
	});

	it('keeps call records and request positions for the detail pane', () => {
		const events = sampleTurn();
		const log = new ConsoleLog();
		log.sync(events);
		const record = log.call('t1-c1');
		expect(record?.call?.args).toEqual({ sql: 'select region, sum(sales) from orders group by 1' });
		expect(record?.outcome?.type).toBe('tool-result');
		expect(record?.progress?.progress).toBe(1);
		const index = log.requestIndex('t1', 2);
		expect(index).toBeDefined();
		expect(events[index!]).toMatchObject({ type: 'request', iteration: 2 });
		expect(log.turnText('t1')).toBe('Show sales by region');
	});
});

describe('formatDuration', () => {
	it('formats for people', () => {
		expect(formatDuration(850)).toBe('850 ms');
		expect(formatDuration(2400)).toBe('2.4 s');
		expect(formatDuration(65_000)).toBe('1 min 5 s');
	});
});
