/**
 * Replays a session: every recorded call runs again, in order, against a target per recorded
 * server, without the model; each answer is compared with its recording, and each server's
 * tool list with the recorded one. The page and the `replay` script both run it, with their
 * own targets (an MCP client each). A tool that is not read-only runs only when `approve`
 * says so (the page asks; the script runs everything it was given).
 */
import { compareCall, diffTools } from './diff.js';
import { compileRules } from './pointer.js';
import { recordedTools } from './session.js';

/** @typedef {import('./session.js').Session} Session */
/** @typedef {import('./session.js').SessionCall} SessionCall */
/** @typedef {import('./diff.js').CallOutcome} CallOutcome */
/** @typedef {import('./diff.js').ListedTool} ListedTool */
/** @typedef {import('./diff.js').ReplayStatus | 'skipped'} RowStatus */
/**
 * One server to replay against.
 * @typedef {object} ReplayTarget
 * @property {string} url
 * @property {() => Promise<ListedTool[]>} listTools
 * @property {(tool: string, args: Record<string, unknown>) => Promise<{ content?: unknown[]; structuredContent?: unknown; isError?: boolean }>} callTool
 */
/**
 * @typedef {object} ReplayRow
 * @property {number} index
 * @property {string} server
 * @property {string} tool
 * @property {Record<string, unknown>} args
 * @property {RowStatus} status
 * @property {string[]} paths
 * @property {CallOutcome | null} recorded
 * @property {CallOutcome | null} replayed
 * @property {{ recorded: number | null; replayed: number | null }} ms
 */
/** @typedef {{ added: string[]; removed: string[]; changed: { name: string; fields: string[]; paths: string[] }[] }} ToolsDiff */
/** @typedef {{ server: string } & ToolsDiff} ServerToolsDiff */

/** A target could not be reached: the message names the server and its address. */
export class UnreachableError extends Error {
	/** @param {string} server @param {string} url @param {unknown} cause */
	constructor(server, url, cause) {
		super(
			`Cannot reach ${server} at ${url}: ${cause instanceof Error ? cause.message : String(cause)}. Check that the server runs and the address is right.`
		);
		this.server = server;
		this.url = url;
	}
}

/**
 * @param {ListedTool | undefined} tool
 */
export function isReadOnly(tool) {
	const annotations = tool?.annotations;
	return (
		typeof annotations === 'object' && annotations !== null && /** @type {any} */ (annotations).readOnlyHint === true
	);
}

/**
 * @param {Session} session
 * @param {object} options
 * @param {Record<string, ReplayTarget>} options.targets one per recorded server
 * @param {readonly string[]} [options.ignore] ignore rules (JSON pointers)
 * @param {(call: SessionCall, index: number) => Promise<boolean>} [options.approve] asked before a tool that is not read-only runs; false skips it
 * @param {(diffs: ServerToolsDiff[]) => void} [options.onTools]
 * @param {(row: ReplayRow) => void} [options.onRow]
 * @param {AbortSignal} [options.signal]
 * @param {() => number} [options.now]
 * @returns {Promise<{ rows: ReplayRow[]; tools: ServerToolsDiff[] }>}
 */
export async function replaySession(session, options) {
	const rules = compileRules(options.ignore ?? session.ignore);
	const now = options.now ?? (() => performance.now());
	const servers = [...new Set(session.calls.map((call) => call.server))];
	for (const name of Object.keys(session.servers)) if (!servers.includes(name)) servers.push(name);
	/** @type {Map<string, ListedTool[]>} */
	const listed = new Map();
	/** @type {ServerToolsDiff[]} */
	const tools = [];
	for (const server of servers) {
		const target = options.targets[server];
		if (!target) {
			if (session.calls.some((call) => call.server === server))
				throw new Error(`No target for ${server}: give its address (--server ${server}=<url>).`);
			continue;
		}
		let now;
		try {
			now = await target.listTools();
		} catch (error) {
			throw new UnreachableError(server, target.url, error);
		}
		listed.set(server, now);
		if (session.servers[server]?.tools) tools.push({ server, ...diffTools(recordedTools(session, server), now) });
	}
	options.onTools?.(tools);
	/** @type {ReplayRow[]} */
	const rows = [];
	for (const [index, call] of session.calls.entries()) {
		options.signal?.throwIfAborted();
		const args = call.args ?? {};
		const target = options.targets[call.server];
		const tool =
			listed.get(call.server)?.find((entry) => entry.name === call.tool) ??
			recordedTools(session, call.server).find((entry) => entry.name === call.tool);
		/** @type {ReplayRow} */
		const row = {
			index,
			server: call.server,
			tool: call.tool,
			args,
			status: 'skipped',
			paths: [],
			recorded: call.recorded,
			replayed: null,
			ms: { recorded: call.ms, replayed: null }
		};
		if (isReadOnly(tool) || !options.approve || (await options.approve(call, index))) {
			const started = now();
			/** @type {CallOutcome} */
			let replayed;
			try {
				const output = await target.callTool(call.tool, args);
				replayed = { ok: !output.isError, output: { content: output.content ?? [], ...pick(output) } };
			} catch (error) {
				replayed = { ok: false, error: error instanceof Error ? error.message : String(error) };
			}
			row.ms.replayed = Math.round(now() - started);
			row.replayed = replayed;
			Object.assign(row, compareCall(call.recorded, replayed, rules));
		}
		rows.push(row);
		options.onRow?.(row);
	}
	return { rows, tools };
}

/** @param {{ structuredContent?: unknown; isError?: boolean }} output */
function pick(output) {
	return {
		...(output.structuredContent !== undefined ? { structuredContent: output.structuredContent } : {}),
		...(output.isError ? { isError: true } : {})
	};
}
