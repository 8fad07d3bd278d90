/** The opt-in MCP relay (server only): forward to configured upstreams or stdio servers. */
export { createRelay } from './relay';
export { createApiRelay, relayTarget } from './api-relay';
export type { ApiRelayRequest } from './api-relay';
export type { Relay, RelayRequest } from './relay';
export { parseRelayConfig, relayConfigLoader } from './config';
export type { Upstream, HttpUpstream, StdioUpstream, ApiUpstream } from './config';
export { StdioBridge } from './stdio-bridge';
