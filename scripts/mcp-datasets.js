/**
 * `npm run mcp:datasets`: the embedded datasets MCP server on its own, for other MCP
 * clients. Listens on 127.0.0.1 only (PORT, default 4175: 4174 is the MCP Apps sandbox of `npm start`), endpoint /mcp, CORS open.
 * The server's TypeScript sources load through Vite's module runner, as `npm run bench` does.
 */
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { root } from './build-state.js';

const port = Number(process.env.PORT || 4175);
const { module } = await runnerImport(join(root, 'src', 'lib', 'server', 'datasets', 'index.ts'), {
	configFile: false,
	resolve: { alias: { $lib: join(root, 'src', 'lib') } },
	logLevel: 'error'
});
const server = await module.startStandaloneDatasetsServer({ port });
console.log(`Datasets MCP server (Streamable HTTP) at ${server.url}\nPress Ctrl+C to stop.`);

async function stop() {
	await server.close();
	process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
