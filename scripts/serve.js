/**
 * Serves the built app and its MCP App sandbox, without building: the production entry (the
 * container's command; `npm start` builds first, then runs this). HOST and PORT pick the app's
 * address (default 127.0.0.1:4173), SANDBOX_PORT the sandbox's (default PORT+1), ORIGIN and
 * SANDBOX_ORIGIN the public origins behind a proxy. SIGTERM and SIGINT go to the app server,
 * which drains its requests in flight; the sandbox closes once it has exited.
 */
import { spawn } from 'node:child_process';
import { withServerDefaults } from './server-env.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { outDir } from './build-state.js';
import { startSandbox } from './sandbox-start.js';

if (!existsSync(join(outDir, 'index.js'))) {
	console.error(`No build at ${outDir}: run \`npm run build\` (or \`npm start\`, which builds when needed).`);
	process.exit(1);
}

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '4173';
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
// MCP App views run on a second origin: the sandbox proxy on SANDBOX_PORT (default PORT+1).
const sandboxPort = process.env.SANDBOX_PORT || String(Number(port) + 1);
const sandbox = startSandbox({ host, port: sandboxPort, appPort: port, origin: process.env.ORIGIN }).catch((error) => {
	console.error(
		`  The MCP App sandbox could not start on port ${sandboxPort} (${error.message}); MCP App views will say so. Set SANDBOX_PORT to another port.`
	);
	return undefined;
});

// Share links made before they moved to the URL fragment carry the canvas in the query
// (?hs=); a larger header limit than Node's 16 KB lets those older links still open.
// Each running DuckDB query holds one of libuv's threads (4 by default): with more, a light
// query of the datasets server never waits for a thread that heavy queries hold.
const server = spawn(process.execPath, ['--max-http-header-size=262144', join(outDir, 'index.js')], {
	stdio: ['ignore', 'pipe', 'inherit'],
	env: withServerDefaults({
		UV_THREADPOOL_SIZE: '16',
		...process.env,
		HOST: host,
		PORT: port,
		SANDBOX_PORT: sandboxPort
	})
});

let announced = false;
server.stdout.on('data', (chunk) => {
	const text = chunk.toString();
	if (!announced && /Listening on/.test(text)) {
		announced = true;
		void sandbox.then((sandboxUrl) => {
			const views = process.env.SANDBOX_ORIGIN
				? `${process.env.SANDBOX_ORIGIN} (served here at ${sandboxUrl})`
				: sandboxUrl;
			console.log(
				`\n  AutoUI is running at ${url}\n  (embedded datasets MCP server: ${url}/mcp/datasets)\n  (MCP App views: ${sandboxUrl ? views : 'off'})\n  Press Ctrl+C to stop.\n`
			);
		});
		return;
	}
	process.stdout.write(text);
});
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
