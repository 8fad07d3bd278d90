import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplayRun, replayedServers, sessionKey, type TargetFactory } from './replay-run.svelte';
import { readSession } from './session.js';

const answer = (text: string) => ({ content: [{ type: 'text', text }] });

const file = (value: unknown, name = 'trace.json') => new File([JSON.stringify(value)], name);

function saved(calls: Array<{ tool: string; args: Record<string, unknown> }>) {
	return {
		format: 'autoui-saved-calls',
		version: 1,
		calls: calls.map((call, i) => ({
			id: `s${i}`,
			server: 'notes',
			collection: 'Saved',
			name: `n${i}`,
			createdAt: 1,
			...call
		}))
	};
}

/** A trace with a read-only tool and one that writes, listed with their annotations. */
function trace() {
	const events: unknown[] = [];
	const calls: Array<[string, Record<string, unknown>]> = [
		['read', { id: 1 }],
		['write', { text: 'x' }],
		['read', { id: 2 }]
	];
	calls.forEach(([tool, args], i) => {
		const base = {
			at: i,
			turnId: 't',
			iteration: 0,
			callId: `c${i}`,
			name: tool,
			resolvedName: tool,
			server: 'notes',
			protocol: 'mcp',
			tool
		};
		events.push({ ...base, type: 'tool-call', args, guided: false });
		events.push({
			...base,
			type: 'tool-result',
			result: '',
			elapsedMs: 5,
			size: 0,
			truncated: false,
			recallId: `c${i}`,
			output: answer(`${tool} ${i}`)
		});
	});
	return {
		format: 'autoui-trace',
		version: 1,
		exportedAt: 'x',
		summary: {},
		servers: {
			notes: {
				url: 'http://recorded/mcp',
				tools: [
					{ name: 'read', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
					{ name: 'write', inputSchema: { type: 'object' } }
				]
			},
			other: { url: 'http://unused/mcp', tools: [] }
		},
		events
	};
}

function factory(fail?: (tool: string, n: number) => boolean): TargetFactory & { calls: string[]; urls: string[] } {
	const calls: string[] = [];
	const urls: string[] = [];
	const make = ((server: string, url: string) => {
		urls.push(url);
		return {
			url,
			listTools: async () => trace().servers.notes.tools,
			callTool: async (tool: string, args: Record<string, unknown>) => {
				calls.push(tool);
				if (fail?.(tool, calls.length)) throw new Error('connection lost');
				return answer(`${tool} ${tool === 'read' ? (args.id === 1 ? 0 : 2) : 1}`);
			},
			close: async () => {}
		};
	}) as TargetFactory & { calls: string[]; urls: string[] };
	return Object.assign(make, { calls, urls });
}

let store: Map<string, string>;
beforeEach(() => {
	store = new Map();
	vi.stubGlobal('localStorage', {
		getItem: (key: string) => store.get(key) ?? null,
		setItem: (key: string, value: string) => void store.set(key, value)
	});
});
afterEach(() => vi.unstubAllGlobals());

describe('ReplayRun', () => {
	it('prefills a target per called server with its recorded address', async () => {
		const run = new ReplayRun(factory());
		await run.load(file(trace()));
		expect(run.targets).toEqual({ notes: 'http://recorded/mcp' });
		expect(replayedServers(readSession(trace()))).toEqual(['notes']);
	});
	it('asks before a tool that is not read-only; Skip skips it, the rest runs', async () => {
		const targets = factory();
		const run = new ReplayRun(targets);
		await run.load(file(trace()));
		run.targets.notes = 'http://v2/mcp';
		const done = run.run();
		await vi.waitFor(() => expect(run.pending?.call.tool).toBe('write'));
		expect(run.rows.map((row) => row.status)).toEqual(['same']);
		run.decide(false);
		await done;
		expect(targets.urls).toEqual(['http://v2/mcp']);
		expect(targets.calls).toEqual(['read', 'read']);
		expect(run.rows.map((row) => [row.tool, row.status])).toEqual([
			['read', 'same'],
			['write', 'skipped'],
			['read', 'same']
		]);
	});
	it('runs an approved write, and skips every write without asking when told to', async () => {
		const targets = factory();
		const run = new ReplayRun(targets);
		await run.load(file(trace()));
		const done = run.run();
		await vi.waitFor(() => expect(run.pending).not.toBeNull());
		run.decide(true);
		await done;
		expect(targets.calls).toEqual(['read', 'write', 'read']);
		run.skipWrites = true;
		await run.run();
		expect(run.pending).toBeNull();
		expect(run.rows.map((row) => row.status)).toEqual(['same', 'skipped', 'same']);
	});
	it('keeps the ignore rules per session and refuses a rule that is not a pointer', async () => {
		const run = new ReplayRun(factory());
		await run.load(file(trace()));
		run.rulesText = '/structuredContent/generatedAt\n/content/*/text';
		run.saveRules();
		await run.load(file(saved([{ tool: 'read', args: { id: 1 } }]), 'saved.json'));
		expect(run.rulesText).toBe('');
		await run.load(file(trace()));
		expect(run.rulesText).toBe('/structuredContent/generatedAt\n/content/*/text');
		expect(JSON.parse(store.get('replay.ignore.v1')!)).toEqual({
			[sessionKey(readSession(trace()))]: ['/structuredContent/generatedAt', '/content/*/text']
		});
		run.rulesText = 'generatedAt';
		await run.run();
		expect(run.rulesError).toMatch(/must start with "\/"/);
		expect(run.rows).toEqual([]);
	});
	it('a failure halfway is an error row; the session, targets and earlier rows stay', async () => {
		const run = new ReplayRun(factory((_tool, n) => n >= 2));
		await run.load(file(trace()));
		run.skipWrites = true;
		await run.run();
		expect(run.rows.map((row) => row.status)).toEqual(['same', 'skipped', 'error']);
		expect(run.rows[2].replayed).toEqual({ ok: false, error: 'connection lost' });
		expect(run.session?.calls).toHaveLength(3);
		expect(run.running).toBe(false);
	});
	it('a file that is not a session leaves the loaded one as it was and says why', async () => {
		const run = new ReplayRun(factory());
		await run.load(file(trace()));
		await run.load(new File(['{"format": "nope"}'], 'nope.json'));
		expect(run.error).toMatch(/^nope\.json: This session cannot be replayed/);
		expect(run.session?.kind).toBe('trace');
		const unreachable = new ReplayRun(() => ({
			url: 'http://down/mcp',
			listTools: () => Promise.reject(new Error('fetch failed')),
			callTool: () => Promise.reject(new Error('x')),
			close: async () => {}
		}));
		await unreachable.load(file(trace()));
		await unreachable.run();
		expect(unreachable.error).toMatch(/Cannot reach notes at http:\/\/down\/mcp/);
	});
});
