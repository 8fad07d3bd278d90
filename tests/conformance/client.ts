/**
 * The client side of the MCP conformance suite: one scenario against one of the suite's test
 * servers, driven through the app's own connection code (`McpConnection`, the stored OAuth
 * provider and the callback's `finishOAuth`), as the app would drive it:
 *
 *   connect → list tools → call each tool the scenario expects → close
 *   a sign-in the server asks for is completed headlessly, then the request is made again
 *   (in the browser the page would come back from the authorization server and reconnect)
 */
import { McpConnection } from '$lib/mcp/connection/connection';
import { memoryStore, StoredOAuthProvider } from '$lib/mcp/oauth/oauth';
import { headlessSignIn } from '$lib/mcp/oauth/oauth-headless';
import type { ClientHandlers } from '$lib/mcp/connection/client-handlers';
import { legacyRevision, type ProtocolChoice } from '$lib/mcp/connection/protocol-revision';
import { AutoUiError, type ToolDefinition } from '$lib/shared';

/** What the suite hands the client process. */
export interface ScenarioInput {
	serverUrl: string;
	scenario: string;
	/** Parsed `MCP_CONFORMANCE_CONTEXT`, when the scenario gives one. */
	context?: Record<string, unknown>;
	/** `MCP_CONFORMANCE_PROTOCOL_VERSION`: the revision the scenario runs at (default 2025-11-25). */
	protocolVersion?: string;
}

/**
 * The app's protocol choice for the revision a scenario runs at: revisions up to 2025-11-25
 * use the `initialize` handshake (`legacy`); 2026-07-28 and later the stateless lifecycle
 * with `server/discover` (`modern`), as a user who picked that revision would connect.
 */
export function protocolChoiceFor(protocolVersion: string | undefined): ProtocolChoice {
	return (protocolVersion ?? legacyRevision) > legacyRevision ? 'modern' : 'legacy';
}

/** Where the authorization server is told to send the browser back (never served here). */
const redirectUrl = 'http://localhost:3000/oauth/callback';
/**
 * The client id metadata document URL the suite's authorization servers expect from a client
 * that supports such documents (they do not fetch it); the app offers its own https one.
 */
const clientMetadataUrl = 'https://conformance-test.local/client-metadata.json';

/** Runs one scenario; throws when the client could not do what the scenario asks. */
export async function runScenario(input: ScenarioInput): Promise<void> {
	const storage = memoryStore();
	const signIn = headlessSignIn({ storage, limit: 3 });
	const authProvider = input.scenario.startsWith('auth/')
		? new StoredOAuthProvider({
				serverId: 'conformance',
				serverUrl: input.serverUrl,
				storage,
				redirectUrl,
				clientMetadataUrl,
				interactive: true,
				navigate: signIn.navigate
			})
		: undefined;
	if (authProvider && typeof input.context?.client_id === 'string') {
		authProvider.saveClientInformation({
			client_id: input.context.client_id,
			client_secret: typeof input.context.client_secret === 'string' ? input.context.client_secret : undefined,
			redirect_uris: [redirectUrl]
		});
	}
	const connection = new McpConnection({
		name: 'conformance',
		url: input.serverUrl,
		transport: 'streamable-http',
		protocol: protocolChoiceFor(input.protocolVersion),
		authProvider,
		handlers: scenarioHandlers(),
		backoff: { attempts: 0, slowRetryMs: 0 },
		// The suite runs every scenario at once; on a busy machine a handshake (with its
		// OAuth discovery) can take longer than the app's interactive 15 s.
		connectTimeoutMs: 60_000
	});
	/** Runs `request`, completing the sign-ins it triggers, then runs it again. */
	async function signedIn<T>(request: () => Promise<T>): Promise<T> {
		for (;;) {
			const before = signIn.completed;
			try {
				return await request();
			} catch (error) {
				const signedInMeanwhile = signIn.completed > before;
				if (!(error instanceof AutoUiError && error.code === 'mcp_auth') || !signedInMeanwhile) throw error;
			}
		}
	}
	try {
		await signedIn(() => connection.connect());
		const tools = await signedIn(() => connection.listTools());
		for (const tool of tools) {
			const result = await signedIn(() =>
				connection.callTool(tool.name, argumentsFor(tool.name, tools, input.context))
			);
			if (result.isError) console.error(`tool ${tool.name} answered with an error: ${JSON.stringify(result.content)}`);
		}
	} finally {
		await connection.close();
	}
}

/**
 * Arguments for the suite's tools that take any: those the scenario's context lists under
 * `toolCalls` (as a model would pass them), else fixed ones. `json_schema_echo` receives the
 * input schema of another tool exactly as the connection's tool list holds it, so the suite
 * can check that nothing in our catalog rewrote it.
 */
function argumentsFor(
	tool: string,
	tools: ToolDefinition[],
	context?: Record<string, unknown>
): Record<string, unknown> {
	const listed = Array.isArray(context?.toolCalls) ? context.toolCalls.find((call) => call?.name === tool) : undefined;
	if (listed && typeof listed.arguments === 'object' && listed.arguments !== null)
		return listed.arguments as Record<string, unknown>;
	if (tool === 'add_numbers') return { a: 5, b: 3 };
	if (tool === 'json_schema_echo')
		return { schema: tools.find((other) => other.name === 'json_schema_2020_12_tool')?.inputSchema ?? {} };
	return {};
}

/**
 * What a user would answer to the suite's requests: elicitation forms are accepted as the
 * form shows them, with each field's default filled in.
 */
function scenarioHandlers(): ClientHandlers {
	return {
		listRoots: () => [],
		async elicit(params) {
			if (!('requestedSchema' in params)) return { action: 'decline' };
			const content: Record<string, string | number | boolean | string[]> = {};
			for (const [key, field] of Object.entries(params.requestedSchema.properties)) {
				if ('default' in field && field.default !== undefined)
					content[key] = field.default as string | number | boolean | string[];
			}
			return { action: 'accept', content };
		}
	};
}
