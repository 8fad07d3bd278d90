/**
 * The MCP SDK's runtime pieces this module uses, gathered in one file so they load on
 * demand (the SDK with its protocol schemas is the largest part of the client). Import it
 * only through `loadSdk()`; elsewhere use `import type`.
 */
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
export { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
export { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
export { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
export { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
export {
	CreateMessageRequestSchema,
	ElicitRequestSchema,
	ListRootsRequestSchema,
	LoggingMessageNotificationSchema
} from '@modelcontextprotocol/sdk/types.js';
