// Replays a recorded session against servers and says what changed (a CI gate):
//   npm run replay -- <session.json> --server <url> | --server <name>=<url> (repeatable)
//                     [--ignore <pointer>]... [--report diff.json]
// stdout: one line per call with its status, then "N same, M changed"; stderr: the tool-list
// diff. Exit 0: every call same or fixed, no tool removed or changed; 1: otherwise; 2: an
// unreadable session or an unreachable server (named).
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readSession } from '../src/lib/replay/session.js';
import { replaySession, UnreachableError } from '../src/lib/replay/runner.js';
import { buildReport, exitCode, noteLines, reportLines } from '../src/lib/replay/report.js';
import { compileRules } from '../src/lib/replay/pointer.js';

const usage =
	'Usage: npm run replay -- <session.json> --server <url> | --server <name>=<url> ... [--ignore <pointer>]... [--report diff.json]';

function fail(message, code = 2) {
	console.error(message);
	process.exit(code);
}

function parseArgs(argv) {
	const options = { file: undefined, servers: [], ignore: [], report: undefined };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${arg} needs a value.\n${usage}`));
		if (arg === '--server') options.servers.push(value());
		else if (arg === '--ignore') options.ignore.push(value());
		else if (arg === '--report') options.report = value();
		else if (arg === '--help' || arg === '-h') fail(usage, 0);
		else if (arg.startsWith('--')) fail(`Unknown option ${arg}.\n${usage}`);
		else if (!options.file) options.file = arg;
		else fail(`Only one session file, not ${arg} too.\n${usage}`);
	}
	if (!options.file) fail(`Which session? ${usage}`);
	return options;
}

function targetsOf(session, servers) {
	// The recorded servers: those the session called (another listed server is diffed only when named).
	const called = [...new Set(session.calls.map((call) => call.server))];
	const recorded = called.length ? called : Object.keys(session.servers);
	const known = Object.keys(session.servers);
	const targets = {};
	for (const entry of servers) {
		const named = /^([^=]+?)=(.+)$/.exec(entry);
		const url = named && !/^[a-z]+:\/\//i.test(entry) ? named[2] : entry;
		const name = named && !/^[a-z]+:\/\//i.test(entry) ? named[1] : undefined;
		if (!name && recorded.length !== 1)
			fail(
				`The session has ${recorded.length} servers (${recorded.join(', ')}): name each one, --server <name>=<url>.`
			);
		const server = name ?? recorded[0];
		if (!known.includes(server)) fail(`The session has no server ${server}; its servers: ${known.join(', ')}.`);
		targets[server] = url;
	}
	// A recorded server without --server is replayed against its recorded address.
	for (const server of recorded)
		if (!targets[server] && session.servers[server].url) targets[server] = session.servers[server].url;
	return targets;
}

async function connect(server, url) {
	let parsed;
	try {
		parsed = new URL(url);
	} catch {
		throw new UnreachableError(server, url, new Error('it is not a URL'));
	}
	const client = new Client({ name: 'autoui-replay', version: '1.0.0' });
	try {
		await client.connect(new StreamableHTTPClientTransport(parsed));
	} catch (error) {
		throw new UnreachableError(server, url, error);
	}
	return client;
}

async function listAll(client) {
	const tools = [];
	let cursor;
	do {
		const page = await client.listTools(cursor ? { cursor } : {});
		tools.push(...page.tools);
		cursor = page.nextCursor;
	} while (cursor);
	return tools;
}

async function main() {
	const options = parseArgs(process.argv.slice(2));
	let session;
	try {
		session = readSession(readFileSync(options.file, 'utf8'));
	} catch (error) {
		fail(`Cannot read the session ${options.file}: ${error instanceof Error ? error.message : String(error)}`);
	}
	try {
		compileRules(options.ignore);
	} catch (error) {
		fail(error.message);
	}
	const urls = targetsOf(session, options.servers);
	const clients = [];
	const targets = {};
	try {
		for (const [server, url] of Object.entries(urls)) {
			const client = await connect(server, url);
			clients.push(client);
			targets[server] = {
				url,
				listTools: () => listAll(client),
				callTool: (tool, args) => client.callTool({ name: tool, arguments: args })
			};
		}
		const result = await replaySession(session, { targets, ignore: [...session.ignore, ...options.ignore] });
		const report = buildReport(result);
		for (const line of reportLines(report)) console.log(line);
		for (const line of noteLines(report)) console.error(line);
		if (options.report) writeFileSync(options.report, `${JSON.stringify(report, null, 2)}\n`);
		process.exitCode = exitCode(report);
	} catch (error) {
		console.error(error instanceof Error ? error.message : String(error));
		process.exitCode = 2;
	} finally {
		await Promise.allSettled(clients.map((client) => client.close()));
	}
}

await main();
