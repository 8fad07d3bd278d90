/**
 * Serves the MCP App sandbox proxy on its own (the Playwright config runs it beside the app;
 * `npm start` runs the same server in-process). SANDBOX_PORT picks the port (default PORT+1),
 * PORT names the app's port, ORIGIN adds the app's public origin to those allowed to embed it.
 */
import { startSandbox } from './sandbox-start.js';

const port = process.env.PORT || '4173';
startSandbox({
	host: process.env.HOST || '127.0.0.1',
	port: process.env.SANDBOX_PORT || String(Number(port) + 1),
	appPort: port,
	origin: process.env.ORIGIN
}).then(
	(url) => console.log(`MCP App sandbox at ${url}`),
	(error) => {
		console.error(`The MCP App sandbox could not start: ${error.message}`);
		process.exit(1);
	}
);
