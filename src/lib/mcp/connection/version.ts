/** The version this client announces to MCP servers, taken from package.json at build time. */
import pkg from '../../../../package.json' with { type: 'json' };

/** Client version sent in the MCP `initialize` request (`clientInfo.version`). */
export const clientVersion: string = pkg.version;
