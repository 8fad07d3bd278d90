/**
 * `npm start`: builds if needed, then serves the app (and its embedded MCP server) on
 * 127.0.0.1 through scripts/serve.js. PORT picks the port (default 4173); HOST may widen the
 * bind address on purpose.
 */
import { ensureBuild } from './build-state.js';

await ensureBuild();
await import('./serve.js');
