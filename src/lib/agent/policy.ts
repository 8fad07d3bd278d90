/**
 * Tool policy (seeds 002 and 004): limits and approvals applied to every call before it
 * runs. A refused call is not an exception: it becomes a tool_result the model reads.
 */
import type { ToolDefinition, ToolProtocol } from '$lib/shared';
import type { ApprovalDecision } from './events';

/**
 * When a call waits for the user's decision:
 * - `destructive`: tools a server annotates `destructiveHint: true` (the default);
 * - `cautious`: every remote (mcp) tool not annotated `readOnlyHint: true`;
 * - `off`: never (the blocklist and limits still apply).
 */
export type ApprovalMode = 'destructive' | 'cautious' | 'off';

/**
 * Whether the model must, may or must not call tools (seed 002's tool choice), sent to the
 * provider with each request: `auto` lets the model decide; `required` makes the first
 * request of a turn call a tool (later requests are `auto`, so the turn can end); `none`
 * lets the model answer only from what it has (the tools stay listed, so the cached prefix
 * holds).
 */
export type ToolChoice = 'auto' | 'required' | 'none';

/** The tool choice of one request: `required` applies to the first request of a turn only. */
export function toolChoiceFor(choice: ToolChoice, iteration: number): ToolChoice {
	return choice === 'required' && iteration > 1 ? 'auto' : choice;
}

/** Limits and approval rules for tool calls. */
export interface ToolPolicy {
	/** Per-call timeout in ms, enforced with an AbortSignal. */
	timeoutMs: number;
	/** Tool calls allowed in one user turn (all iterations). */
	maxCallsPerTurn: number;
	/** Tool calls allowed in the whole session (all turns sharing one AgentState). */
	maxCallsPerSession: number;
	/** Calls running at once against one server. */
	maxConcurrentPerServer: number;
	/**
	 * Refused tools: a prefixed name (`github_mcp_delete_repo`), a tool's own name
	 * (`delete_repo`) or a pattern with `*` (`github_mcp_*`). Blocked tools are not offered.
	 */
	blocklist: string[];
	/** Largest serialised arguments accepted, in characters. */
	maxArgsChars: number;
	/** Longest result text the model receives; longer results are truncated (full text kept for recall). */
	maxResultChars: number;
	/** Longest result kept in the session buffer for recall. */
	maxStoredResultChars: number;
	approval: ApprovalMode;
	toolChoice: ToolChoice;
	/** Identical calls (same tool, same arguments) in a session before a loop warning. */
	loopThreshold: number;
	/** Results older than this many iterations are compressed to a preview. */
	compressAfterIterations: number;
	/** Characters of a compressed result's preview. */
	previewChars: number;
}

/** The defaults: 30 s per call, 4 calls at once per server, 10,000-character results. */
export const DEFAULT_POLICY: Readonly<ToolPolicy> = Object.freeze({
	timeoutMs: 30_000,
	maxCallsPerTurn: 40,
	maxCallsPerSession: 400,
	maxConcurrentPerServer: 4,
	blocklist: [],
	maxArgsChars: 20_000,
	maxResultChars: 10_000,
	maxStoredResultChars: 2_000_000,
	approval: 'destructive',
	toolChoice: 'auto',
	loopThreshold: 3,
	compressAfterIterations: 2,
	previewChars: 200
});

/** The full policy from a partial one. */
export function resolvePolicy(policy: Partial<ToolPolicy> = {}): ToolPolicy {
	const merged = { ...DEFAULT_POLICY, ...policy, blocklist: [...(policy.blocklist ?? DEFAULT_POLICY.blocklist)] };
	for (const key of [
		'timeoutMs',
		'maxCallsPerTurn',
		'maxCallsPerSession',
		'maxConcurrentPerServer',
		'maxArgsChars',
		'maxResultChars',
		'maxStoredResultChars',
		'loopThreshold',
		'compressAfterIterations',
		'previewChars'
	] as const) {
		const value = merged[key];
		if (!Number.isFinite(value) || value < 0) merged[key] = DEFAULT_POLICY[key];
	}
	merged.maxConcurrentPerServer = Math.max(1, Math.floor(merged.maxConcurrentPerServer));
	merged.maxResultChars = Math.max(500, merged.maxResultChars);
	if (!['auto', 'required', 'none'].includes(merged.toolChoice)) merged.toolChoice = 'auto';
	return merged;
}

function patternMatches(pattern: string, name: string): boolean {
	if (!pattern.includes('*')) return pattern === name;
	const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
	return new RegExp(`^${escaped.join('.*')}$`).test(name);
}

/** True when the policy's blocklist names this tool (by prefixed name or own name). */
export function isBlocked(policy: Pick<ToolPolicy, 'blocklist'>, prefixedName: string, toolName: string): boolean {
	return policy.blocklist.some((pattern) => patternMatches(pattern, prefixedName) || patternMatches(pattern, toolName));
}

/**
 * Why a tool needs approval under the policy, or undefined when it does not. Cautious mode
 * concerns remote (mcp) tools: the in-page display tools only change the user's canvas. A
 * View's tools (`app`) are asked for in every mode unless they are marked read-only.
 */
export function approvalReason(
	policy: Pick<ToolPolicy, 'approval'>,
	tool: ToolDefinition,
	protocol: ToolProtocol = 'mcp'
): string | undefined {
	const hints = tool.annotations ?? {};
	// A View's own tools run code of a page on the canvas: asked unless marked read-only, whatever the mode.
	if (protocol === 'app' && hints.readOnlyHint !== true)
		return 'A View on the canvas provides this tool and does not mark it read-only.';
	if (policy.approval === 'off') return undefined;
	if (hints.destructiveHint === true) return 'The server marks this tool as destructive.';
	if (policy.approval === 'cautious' && protocol !== 'webmcp' && hints.readOnlyHint !== true)
		return 'Cautious mode: this tool is not marked read-only.';
	return undefined;
}

/** What the UI is asked when a call needs approval. */
export interface ApprovalRequest {
	callId: string;
	/** Prefixed name the model called. */
	name: string;
	server: string;
	protocol: ToolProtocol;
	tool: string;
	args: Record<string, unknown>;
	reason: string;
	/** The tool's description and annotations, so the user can judge. */
	description?: string;
	annotations?: ToolDefinition['annotations'];
}

/** Asks the user; resolves with their decision. */
export type ApprovalHandler = (request: ApprovalRequest) => Promise<ApprovalDecision>;
