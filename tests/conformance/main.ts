/**
 * The command the MCP conformance suite runs for each client scenario (built into one Node
 * script by `npm run conformance`): the server URL is the last argument, the scenario name is
 * in MCP_CONFORMANCE_SCENARIO, its extra data (JSON) in MCP_CONFORMANCE_CONTEXT and the
 * revision to speak in MCP_CONFORMANCE_PROTOCOL_VERSION. Exits
 * non-zero, with the reason on stderr, when the scenario could not be completed.
 */
import { runScenario } from './client';

const serverUrl = process.argv.at(-1) ?? '';
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const contextText = process.env.MCP_CONFORMANCE_CONTEXT;

if (!/^https?:\/\//.test(serverUrl)) {
	console.error('usage: conformance-client <server-url> (MCP_CONFORMANCE_SCENARIO names the scenario)');
	process.exit(2);
}
try {
	await runScenario({
		serverUrl,
		scenario,
		context: contextText ? (JSON.parse(contextText) as Record<string, unknown>) : undefined,
		protocolVersion: process.env.MCP_CONFORMANCE_PROTOCOL_VERSION
	});
	process.exit(0);
} catch (error) {
	console.error(
		`scenario ${scenario} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
	);
	process.exit(1);
}
