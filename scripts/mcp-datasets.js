/**
 * `npm run mcp:datasets`: the embedded datasets MCP server on its own, for other MCP clients
 * and for a team. Listens on 127.0.0.1 (HOST widens it on purpose; list the names clients use
 * in ALLOWED_HOSTS), PORT (default 4175: 4174 is the MCP Apps sandbox of `npm start`), endpoint
 * /mcp, CORS open. DATASETS_* variables set the query and per-client session limits (see
 * docs/DEPLOY.md); behind a proxy, ADDRESS_HEADER and XFF_DEPTH say where the client's address
 * is, as for the app (otherwise every client counts as the proxy). SIGTERM
 * and SIGINT drain: requests in flight are answered before the process exits.
 * The server's TypeScript sources load through Vite's module runner, as `npm run bench` does.
 */
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { root } from './build-state.js';

const port = Number(process.env.PORT || 4175);
const host = process.env.HOST || '127.0.0.1';
const { module } = await runnerImport(join(root, 'src', 'lib', 'server', 'datasets', 'index.ts'), {
	configFile: false,
	resolve: { alias: { $lib: join(root, 'src', 'lib') } },
	logLevel: 'error'
});
const engineOptions = module.engineOptionsFromEnv(process.env);
const server = await module.startStandaloneDatasetsServer({
	port,
	host,
	...module.sessionOptionsFromEnv(process.env),
	engine: () => module.getDatasetEngine(engineOptions)
});
console.log(`Datasets MCP server (Streamable HTTP) at ${server.url}\nPress Ctrl+C to stop.`);

let stopping = false;
async function stop() {
	if (stopping) return;
	stopping = true;
	await server.stop();
	process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
