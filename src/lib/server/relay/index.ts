/** The opt-in MCP relay (server only): forward to configured upstreams or stdio servers. */
export { createRelay } from './relay';
export type { Relay, RelayRequest } from './relay';
export { parseRelayConfig, relayConfigLoader } from './config';
export type { Upstream, HttpUpstream, StdioUpstream } from './config';
export { StdioBridge } from './stdio-bridge';
