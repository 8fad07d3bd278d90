/** Starts the MCP App sandbox server (the app's second origin) and resolves with its URL. */
import { appOriginsFor, createSandboxServer } from '../src/lib/server/sandbox/sandbox-server.js';

/**
 * @param {{ host: string; port: string; appPort: string; origin?: string }} options
 * @returns {Promise<string>}
 */
export function startSandbox(options) {
	const server = createSandboxServer({ appOrigins: appOriginsFor({ port: options.appPort, origin: options.origin }) });
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(Number(options.port), options.host, () => {
			const host = options.host.includes(':') ? `[${options.host}]` : options.host;
			resolve(`http://${host}:${options.port}`);
		});
	});
}
