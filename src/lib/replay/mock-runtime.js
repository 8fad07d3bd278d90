/**
 * A mock MCP server made from a recorded session (official SDK, `@modelcontextprotocol/sdk`):
 * it lists the recorded tools with their schemas and answers each recorded call — matched by
 * tool and arguments, leaving out what the session's ignore rules under `/arguments` cover —
 * with the recorded result; any other call gets a tool error naming the closest recorded
 * arguments. Streamable HTTP at `/mcp` (stateless, CORS open) or stdio.
 *
 * This file is the runtime of both `npm run mock-server` and the page's "Export as mock
 * server": the export is this text with the pointer rules inlined, the session, and a call
 * of `runMockCli`, so it needs nothing but the SDK.
 */
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { compileRules, withoutIgnored } from './pointer.js';

/**
 * @typedef {object} MockSession
 * @property {string} name
 * @property {Record<string, { tools: { name: string; [key: string]: unknown }[] | null }>} servers
 * @property {{ server: string; tool: string; args: Record<string, unknown> | null; recorded: { ok: boolean; output?: { content?: unknown[]; structuredContent?: unknown; isError?: boolean } } | null; template?: string }[]} calls
 * @property {string[]} ignore
 */

/** @param {unknown} value @returns {string} */
function canonical(value) {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.filter((key) => /** @type {Record<string, unknown>} */ (value)[key] !== undefined)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical(/** @type {Record<string, unknown>} */ (value)[key])}`)
			.join(',')}}`;
	return JSON.stringify(value) ?? 'null';
}

/** @param {Record<string, unknown>} a @param {Record<string, unknown>} b */
function distance(a, b) {
	let count = 0;
	for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
		if (canonical(a[key]) !== canonical(b[key])) count++;
	return count;
}

/** @param {Record<string, unknown>} args @param {string} expression */
function lookup(args, expression) {
	const [path, fallback] = expression.split('??').map((part) => part.trim());
	/** @type {unknown} */
	let value = args;
	for (const key of path.replace(/^args\./, '').split('.'))
		value = value && typeof value === 'object' ? /** @type {Record<string, unknown>} */ (value)[key] : undefined;
	if (value === undefined && fallback !== undefined) {
		try {
			return JSON.parse(fallback);
		} catch {
			return fallback;
		}
	}
	return value;
}

/** A Mock mode template over the arguments (the same rules as the app's mocks). @param {string} template @param {Record<string, unknown>} args */
export function renderTemplate(template, args) {
	const inline = /\{\{\s*([^{}]+?)\s*\}\}/g;
	/** @param {unknown} value */
	const text = (value) =>
		value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
	/** @param {unknown} node @returns {unknown} */
	const render = (node) => {
		if (typeof node === 'string') {
			const whole = /^\{\{\s*([^{}]+?)\s*\}\}$/.exec(node);
			return whole
				? (lookup(args, whole[1]) ?? null)
				: node.replace(inline, (_all, expression) => text(lookup(args, expression)));
		}
		if (Array.isArray(node)) return node.map(render);
		if (node && typeof node === 'object')
			return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, render(child)]));
		return node;
	};
	try {
		const value = render(JSON.parse(template));
		return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
	} catch {
		return {
			content: [{ type: 'text', text: template.replace(inline, (_all, expression) => text(lookup(args, expression))) }]
		};
	}
}

/**
 * The answers of a session: `list()` the recorded tools, `call(tool, args)` the recorded
 * result or a tool error naming the closest recorded arguments.
 * @param {MockSession} session
 */
export function createMockAnswers(session) {
	const rules = compileRules(session.ignore ?? []);
	/** @param {Record<string, unknown>} args */
	const key = (args) => canonical(withoutIgnored({ arguments: args }, rules));
	/** @type {Map<string, { name: string; [key: string]: unknown }>} */
	const tools = new Map();
	// The servers the session called (all of them when it has no calls, as a scenario may not).
	const called = new Set(session.calls.map((call) => call.server));
	for (const [name, server] of Object.entries(session.servers))
		if (!called.size || called.has(name))
			for (const tool of server.tools ?? []) if (!tools.has(tool.name)) tools.set(tool.name, tool);
	for (const call of session.calls)
		if (!tools.has(call.tool)) tools.set(call.tool, { name: call.tool, inputSchema: { type: 'object' } });
	/** @type {Map<string, number>} */
	const served = new Map();
	return {
		list() {
			return [...tools.values()].map((tool) => ({
				...tool,
				inputSchema: tool.inputSchema && typeof tool.inputSchema === 'object' ? tool.inputSchema : { type: 'object' }
			}));
		},
		/** @param {string} tool @param {Record<string, unknown>} args */
		call(tool, args) {
			const recorded = session.calls.filter((call) => call.tool === tool);
			const wanted = key(args);
			const matches = recorded.filter((call) => call.args === null || key(call.args) === wanted);
			if (!matches.length) {
				const closest = recorded
					.filter((call) => call.args)
					.sort((a, b) => distance(args, a.args ?? {}) - distance(args, b.args ?? {}))[0];
				const text = !recorded.length
					? `No call of ${tool} was recorded in this session; the recorded tools are ${[...new Set(session.calls.map((call) => call.tool))].join(', ') || 'none'}.`
					: `No call of ${tool} with these arguments was recorded. The closest recorded arguments: ${JSON.stringify(closest?.args ?? {})}.`;
				return { content: [{ type: 'text', text }], isError: true };
			}
			// Repeated calls get the recorded answers in their order, then the last one again.
			const seen = served.get(`${tool}\n${wanted}`) ?? 0;
			served.set(`${tool}\n${wanted}`, seen + 1);
			const match = matches[Math.min(seen, matches.length - 1)];
			if (match.template !== undefined)
				return { ...renderTemplate(match.template, args), ...(match.recorded?.ok === false ? { isError: true } : {}) };
			const output = match.recorded?.output;
			if (!output)
				return {
					content: [{ type: 'text', text: `The call of ${tool} was recorded without its answer.` }],
					isError: true
				};
			return {
				content: output.content ?? [],
				...(output.structuredContent !== undefined ? { structuredContent: output.structuredContent } : {}),
				...(output.isError || match.recorded?.ok === false ? { isError: true } : {})
			};
		}
	};
}

/** @param {MockSession} session @param {ReturnType<typeof createMockAnswers>} answers */
function mcpServer(session, answers) {
	const server = new Server({ name: `mock of ${session.name}`, version: '1.0.0' }, { capabilities: { tools: {} } });
	server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: /** @type {any} */ (answers.list()) }));
	server.setRequestHandler(
		CallToolRequestSchema,
		async (request) => /** @type {any} */ (answers.call(request.params.name, request.params.arguments ?? {}))
	);
	return server;
}

const cors = {
	'access-control-allow-origin': '*',
	'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
	'access-control-allow-headers': '*',
	'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version'
};

/**
 * Starts the mock server: stdio, or Streamable HTTP at `/mcp` on 127.0.0.1 (port 0: a free one).
 * @param {MockSession} session
 * @param {{ port?: number; host?: string; stdio?: boolean }} [options]
 * @returns {Promise<{ url: string | null; close(): Promise<void> }>}
 */
export async function startMockServer(session, options = {}) {
	const answers = createMockAnswers(session);
	if (options.stdio) {
		const server = mcpServer(session, answers);
		await server.connect(new StdioServerTransport());
		return { url: null, close: () => server.close() };
	}
	const http = createServer(async (req, res) => {
		const path = new URL(req.url ?? '/', 'http://localhost').pathname;
		if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
		for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
		if (path !== '/mcp')
			return void res.writeHead(404, { 'content-type': 'text/plain' }).end('The MCP endpoint is /mcp.');
		if (req.method !== 'POST')
			return void res
				.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' })
				.end('This mock server is stateless: POST only.');
		const server = mcpServer(session, answers);
		const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
		res.on('close', () => void transport.close().then(() => server.close()));
		try {
			await server.connect(transport);
			await transport.handleRequest(req, res);
		} catch (error) {
			if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
		}
	});
	const host = options.host ?? '127.0.0.1';
	await new Promise((resolve, reject) => {
		http.once('error', reject);
		http.listen(options.port ?? 0, host, () => resolve(undefined));
	});
	const address = http.address();
	const port = typeof address === 'object' && address ? address.port : options.port;
	return {
		url: `http://${host}:${port}/mcp`,
		close: () => new Promise((resolve) => http.close(() => resolve(undefined)))
	};
}

/**
 * Runs the mock server from command-line arguments: `[--port N] [--host H] [--stdio]`.
 * Prints the address (`Mock MCP server of … at http://127.0.0.1:N/mcp`) on stdout, or, on
 * stdio, a note on stderr.
 * @param {MockSession} session
 * @param {string[]} argv
 */
export async function runMockCli(session, argv) {
	const stdio = argv.includes('--stdio');
	const portAt = argv.indexOf('--port');
	const hostAt = argv.indexOf('--host');
	const port = portAt >= 0 ? Number(argv[portAt + 1]) : 0;
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		console.error(`--port needs a port number (0-65535), not ${JSON.stringify(argv[portAt + 1])}.`);
		process.exit(2);
	}
	try {
		const started = await startMockServer(session, { port, stdio, ...(hostAt >= 0 ? { host: argv[hostAt + 1] } : {}) });
		const count = createMockAnswers(session).list().length;
		if (started.url) console.log(`Mock MCP server of ${session.name} (${count} tools) at ${started.url}`);
		else console.error(`Mock MCP server of ${session.name} (${count} tools) on stdio`);
		const stop = () => void started.close().then(() => process.exit(0));
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
	} catch (error) {
		console.error(`The mock server could not start: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(2);
	}
}
