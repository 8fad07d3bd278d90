/**
 * The optional LLM key proxy: lets a deployment keep provider keys on the server. The
 * browser's SDK talks to /api/llm/<provider>, which forwards with the server's key.
 */
export { readLlmProxyConfig, publicLlmConfig } from './config';
export type { ProxyProvider, UpstreamConfig, LlmProxyConfig, PublicLlmConfig } from './config';
export { forwardLlmRequest } from './forward';
