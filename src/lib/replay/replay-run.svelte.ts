/**
 * The Replay panel's state: the session chosen, a target address per recorded server, the
 * ignore rules (kept per session in localStorage), the rows as they come, the tool-list
 * diff, and the question asked before a tool that is not read-only runs. A replay only reads
 * the session file and talks to its own connections: whatever fails, the user's chat,
 * canvas, servers and saved calls are untouched.
 */
import { browserStorage, errorMessage } from '$lib/shared';
import { parseRuleLines } from './pointer.js';
import { readSession, type Session, type SessionCall } from './session.js';
import { replaySession, type ReplayRow, type ReplayTarget, type ServerToolsDiff } from './runner.js';

/** Where the ignore rules of sessions are kept. */
const RULES_KEY = 'replay.ignore.v1';

/** A short key for a session: its name and its calls. */
export function sessionKey(session: Session): string {
	const text = JSON.stringify([session.name, session.calls.map((call) => [call.server, call.tool, call.args])]);
	let hash = 5381;
	for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
	return `${session.kind}:${hash.toString(36)}`;
}

function storedRules(): Record<string, string[]> {
	try {
		const value = JSON.parse(browserStorage()?.getItem(RULES_KEY) ?? '{}') as unknown;
		return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string[]>) : {};
	} catch {
		return {};
	}
}

/** The servers a replay calls: those with recorded calls (all listed ones when there are none). */
export function replayedServers(session: Session): string[] {
	const called = [...new Set(session.calls.map((call) => call.server))];
	return called.length ? called : Object.keys(session.servers);
}

/** A target factory: the page's connects an MCP client; tests may give another. */
export type TargetFactory = (server: string, url: string) => ReplayTarget & { close(): Promise<void> };

export class ReplayRun {
	#connect: TargetFactory;
	session = $state.raw<Session | null>(null);
	fileName = $state('');
	targets = $state<Record<string, string>>({});
	rulesText = $state('');
	rows = $state.raw<ReplayRow[]>([]);
	tools = $state.raw<ServerToolsDiff[]>([]);
	running = $state(false);
	error = $state<string | null>(null);
	rulesError = $state<string | null>(null);
	/** Skip every tool that is not read-only without asking. */
	skipWrites = $state(false);
	/** The call waiting for Run or Skip. */
	pending = $state.raw<{ call: SessionCall; index: number } | null>(null);
	#answer: ((run: boolean) => void) | null = null;
	#stop: AbortController | null = null;

	constructor(connect: TargetFactory) {
		this.#connect = connect;
	}

	/** Reads a chosen file; a bad one leaves the last session as it was and says why. */
	async load(file: File): Promise<void> {
		this.error = null;
		try {
			const session = readSession(await file.text());
			this.session = session;
			this.fileName = file.name;
			this.rows = [];
			this.tools = [];
			this.targets = Object.fromEntries(
				replayedServers(session).map((name) => [name, session.servers[name]?.url ?? ''])
			);
			const kept = storedRules()[sessionKey(session)];
			this.rulesText = (kept ?? session.ignore).join('\n');
			this.rulesError = null;
		} catch (error) {
			this.error = `${file.name}: ${errorMessage(error)}`;
		}
	}

	/** The rules as written; null (and `rulesError`) when a line is not a pointer. */
	rules(): string[] | null {
		try {
			const rules = parseRuleLines(this.rulesText);
			this.rulesError = null;
			return rules;
		} catch (error) {
			this.rulesError = errorMessage(error);
			return null;
		}
	}

	/** Keeps the rules with this session (when they are valid). */
	saveRules(): void {
		const rules = this.rules();
		if (!rules || !this.session) return;
		const all = storedRules();
		all[sessionKey(this.session)] = rules;
		try {
			browserStorage()?.setItem(RULES_KEY, JSON.stringify(all));
		} catch {
			this.rulesError =
				'The rules could not be kept (the browser storage is full or blocked); they apply to this run only.';
		}
	}

	decide(run: boolean): void {
		const answer = this.#answer;
		this.#answer = null;
		this.pending = null;
		answer?.(run);
	}

	stop(): void {
		this.#stop?.abort();
		this.decide(false);
	}

	/** Runs every recorded call again, in order; rows come in as they finish. */
	async run(): Promise<void> {
		const session = this.session;
		const ignore = this.rules();
		if (!session || !ignore || this.running) return;
		const missing = replayedServers(session).filter((name) => !this.targets[name]?.trim());
		if (missing.length) {
			this.error = `Give an address for ${missing.join(', ')} (the session does not record one).`;
			return;
		}
		this.saveRules();
		this.error = null;
		this.rows = [];
		this.tools = [];
		this.running = true;
		this.#stop = new AbortController();
		const targets = Object.fromEntries(
			replayedServers(session)
				.filter((name) => this.targets[name]?.trim())
				.map((name) => [name, this.#connect(name, this.targets[name].trim())])
		);
		try {
			await replaySession(session, {
				targets,
				ignore,
				signal: this.#stop.signal,
				approve: (call, index) =>
					this.skipWrites
						? Promise.resolve(false)
						: new Promise<boolean>((resolve) => {
								this.#answer = resolve;
								this.pending = { call, index };
							}),
				onTools: (tools) => (this.tools = tools),
				onRow: (row) => (this.rows = [...this.rows, row])
			});
		} catch (error) {
			this.error = this.#stop.signal.aborted
				? 'Stopped: the calls after the last row did not run.'
				: errorMessage(error);
		} finally {
			this.running = false;
			this.pending = null;
			await Promise.allSettled(Object.values(targets).map((target) => target.close()));
		}
	}
}
