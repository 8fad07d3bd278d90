/**
 * `npm start`: builds if needed, then serves the app (and its embedded MCP server) on
 * 127.0.0.1. PORT picks the port (default 4173); HOST may widen the bind address on purpose.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, outDir } from './build-state.js';

ensureBuild();

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '4173';
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

// Share links made before they moved to the URL fragment carry the canvas in the query
// (?hs=); a larger header limit than Node's 16 KB lets those older links still open.
const server = spawn(process.execPath, ['--max-http-header-size=262144', join(outDir, 'index.js')], {
	stdio: ['ignore', 'pipe', 'inherit'],
	env: { ...process.env, HOST: host, PORT: port }
});

let announced = false;
server.stdout.on('data', (chunk) => {
	const text = chunk.toString();
	if (!announced && /Listening on/.test(text)) {
		announced = true;
		console.log(`\n  AutoUI is running at ${url}\n  (embedded datasets MCP server: ${url}/mcp/datasets)\n  Press Ctrl+C to stop.\n`);
		return;
	}
	process.stdout.write(text);
});
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
