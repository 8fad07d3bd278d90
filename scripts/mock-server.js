// A real MCP server (official SDK) made from a recorded session:
//   npm run mock-server -- <session.json> [--port N] [--stdio]
// It lists the recorded tools and answers the recorded calls with the recorded results
// (Streamable HTTP at /mcp, or stdio); any other call gets a tool error naming the closest
// recorded arguments. Takes the same sessions as `npm run replay`.
import { readFileSync } from 'node:fs';
import { readSession } from '../src/lib/replay/session.js';
import { runMockCli } from '../src/lib/replay/mock-runtime.js';

const [file, ...rest] = process.argv.slice(2);
if (!file || file.startsWith('--')) {
	console.error('Usage: npm run mock-server -- <session.json> [--port N] [--stdio]');
	process.exit(2);
}
let session;
try {
	session = readSession(readFileSync(file, 'utf8'));
} catch (error) {
	console.error(`Cannot read the session ${file}: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(2);
}
await runMockCli(session, rest);
