/**
 * The MCP client SDK's runtime pieces this module uses (`@modelcontextprotocol/client`, the
 * v2 client that speaks both 2025-11-25 and 2026-07-28), gathered in one file so they load
 * on demand (the SDK with its protocol schemas is the largest part of the client). Import it
 * only through `loadSdk()`; elsewhere use `import type`.
 */
export {
	Client,
	StreamableHTTPClientTransport,
	SSEClientTransport,
	SseError,
	SdkError,
	SdkErrorCode,
	SdkHttpError,
	ProtocolError,
	ProtocolErrorCode,
	auth,
	discoverOAuthProtectedResourceMetadata,
	UnauthorizedError,
	OAuthClientFlowError,
	OAuthError
} from '@modelcontextprotocol/client';
export { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
export { bindTaskReceiver } from '@modelcontextprotocol/ext-tasks/receiver';
