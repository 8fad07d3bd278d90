import { describe, expect, it } from 'vitest';
import type { AgentEvent, ApprovalDecision } from '../events';
import { runAgentLoop } from '../loop/loop';
import type { ApprovalRequest } from '../policy';
import { createAgentState } from '../loop/state';
import { createMockProvider, dataServer, displayServer, type MemoryTool, withoutReferenceNote } from '../testing';
import type { ToolResultBlock } from '../types';

const schema = { type: 'object', properties: { n: { type: 'number' } } };

function resultsOf(request: { messages: Array<{ content: Array<{ type: string }> }> }): ToolResultBlock[] {
	// Data results end with a reference note; these tests read the result's own body.
	return request.messages
		.at(-1)!
		.content.filter((block): block is ToolResultBlock => block.type === 'tool_result')
		.map((block) => ({ ...block, content: withoutReferenceNote(block.content) }));
}

function repoServer() {
	const tools: MemoryTool[] = [
		{
			name: 'read_file',
			description: 'Read',
			inputSchema: schema,
			annotations: { readOnlyHint: true },
			handler: () => 'content'
		},
		{ name: 'write_file', description: 'Write', inputSchema: schema, handler: () => 'written' },
		{
			name: 'delete_repo',
			description: 'Delete the repository',
			inputSchema: schema,
			annotations: { destructiveHint: true },
			handler: () => 'deleted'
		}
	];
	return dataServer('Repo', tools);
}

describe('approval', () => {
	it('asks before destructive tools: deny becomes a tool_result, allow-always is remembered for the session', async () => {
		const repo = repoServer();
		const decisions: ApprovalDecision[] = ['deny', 'allow-always'];
		const asked: ApprovalRequest[] = [];
		const events: AgentEvent[] = [];
		const state = createAgentState();
		const provider = createMockProvider([
			{
				toolCalls: [
					{ name: 'repo_mcp_delete_repo', input: { n: 1 } },
					{ name: 'repo_mcp_write_file', input: { n: 1 } }
				]
			},
			{ toolCalls: [{ name: 'repo_mcp_delete_repo', input: { n: 2 } }] },
			{ toolCalls: [{ name: 'repo_mcp_delete_repo', input: { n: 3 } }] },
			{ text: 'ok' }
		]);
		await runAgentLoop('clean up', {
			provider,
			layers: [repo.layer],
			servers: [repo.server],
			lazy: false,
			state,
			onEvent: (event) => events.push(event),
			callbacks: { requestApproval: async (request) => (asked.push(request), decisions.shift()!) }
		});
		expect(asked.map((request) => request.name)).toEqual(['repo_mcp_delete_repo', 'repo_mcp_delete_repo']);
		expect(asked[0]).toMatchObject({
			server: 'Repo',
			tool: 'delete_repo',
			reason: expect.stringMatching(/destructive/),
			annotations: { destructiveHint: true }
		});
		const [denied, written] = resultsOf(provider.requests[1]);
		expect(denied).toMatchObject({
			is_error: true,
			content: expect.stringMatching(/denied.*The user denied this call/)
		});
		expect(written.content).toBe('written');
		expect(resultsOf(provider.requests[2])[0].content).toBe('deleted');
		expect(resultsOf(provider.requests[3])[0].content).toBe('deleted');
		expect(repo.server.calls.map((call) => call.args.n)).toEqual([1, 2, 3]);
		expect(repo.server.calls.map((call) => call.name)).toEqual(['write_file', 'delete_repo', 'delete_repo']);
		expect(
			events
				.filter((event) => event.type === 'approval-decision')
				.map((event) => (event as { decision: string }).decision)
		).toEqual(['deny', 'allow-always']);
		expect(state.alwaysAllow.has('repo_mcp_delete_repo')).toBe(true);
	});

	it('in cautious mode asks for every remote tool not marked read-only; without an approver such calls are denied', async () => {
		const repo = repoServer();
		const ui = displayServer();
		const provider = createMockProvider([
			{
				toolCalls: [
					{ name: 'repo_mcp_read_file' },
					{ name: 'repo_mcp_write_file' },
					{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label: 'a', value: 1 } } }
				]
			},
			{ text: 'ok' }
		]);
		await runAgentLoop('x', {
			provider,
			layers: [repo.layer, ui.layer],
			servers: [repo.server, ui.server],
			lazy: false,
			policy: { approval: 'cautious' },
			callbacks: { onWidget: () => ({ id: 'w_1' }) }
		});
		const [read, write, widget] = resultsOf(provider.requests[1]);
		expect(read.content).toBe('content');
		expect(write).toMatchObject({
			is_error: true,
			content: expect.stringMatching(/needs the user's approval, and no one can approve it here/)
		});
		expect(widget.is_error).toBeUndefined();
		expect(repo.server.calls.map((call) => call.name)).toEqual(['read_file']);
	});

	it('allow-once asks again next time; approval off never asks', async () => {
		const repo = repoServer();
		let asked = 0;
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'repo_mcp_delete_repo' }] },
			{ toolCalls: [{ name: 'repo_mcp_delete_repo', input: { n: 1 } }] },
			{ text: 'ok' },
			{ toolCalls: [{ name: 'repo_mcp_delete_repo', input: { n: 5 } }] },
			{ text: 'ok' }
		]);
		const requestApproval = async () => (asked++, 'allow-once' as const);
		await runAgentLoop('x', {
			provider,
			layers: [repo.layer],
			servers: [repo.server],
			lazy: false,
			callbacks: { requestApproval }
		});
		expect(asked).toBe(2);
		await runAgentLoop('y', {
			provider,
			layers: [repo.layer],
			servers: [repo.server],
			lazy: false,
			callbacks: { requestApproval },
			policy: { approval: 'off' }
		});
		expect(asked).toBe(2);
		expect(repo.server.calls).toHaveLength(3);
	});
});

describe('limits and blocklist', () => {
	it('does not offer blocked tools and refuses them if called anyway', async () => {
		const repo = repoServer();
		const provider = createMockProvider([{ toolCalls: [{ name: 'repo_mcp_delete_repo' }] }, { text: 'ok' }]);
		await runAgentLoop('x', {
			provider,
			layers: [repo.layer],
			servers: [repo.server],
			lazy: false,
			policy: { blocklist: ['repo_mcp_delete_*'] }
		});
		expect(provider.requests[0].tools.map((tool) => tool.name)).toEqual([
			'repo_mcp_read_file',
			'repo_mcp_write_file',
			'recall'
		]);
		expect(resultsOf(provider.requests[1])[0]).toMatchObject({
			is_error: true,
			content: expect.stringMatching(/blocked by the tool policy/)
		});
		expect(repo.server.calls).toEqual([]);
	});

	it('refuses calls over the per-turn cap with an error result, then ends the turn with reason limit', async () => {
		const repo = repoServer();
		const events: AgentEvent[] = [];
		const provider = createMockProvider([
			{ toolCalls: [1, 2, 3].map((n) => ({ name: 'repo_mcp_read_file', input: { n } })) },
			{ toolCalls: [{ name: 'repo_mcp_read_file', input: { n: 4 } }] },
			{ text: 'unused' }
		]);
		const result = await runAgentLoop('x', {
			provider,
			layers: [repo.layer],
			servers: [repo.server],
			lazy: false,
			policy: { maxCallsPerTurn: 2 },
			onEvent: (event) => events.push(event)
		});
		expect(resultsOf(provider.requests[1]).map((block) => Boolean(block.is_error))).toEqual([false, false, true]);
		expect(resultsOf(provider.requests[1])[2].content).toMatch(/limit of 2 tool calls per turn/);
		expect(result.reason).toBe('limit');
		expect(repo.server.calls).toHaveLength(2);
		const last = result.messages.at(-1)!;
		expect(last.role).toBe('user');
		expect(last.content[0]).toMatchObject({ type: 'tool_result', is_error: true });
		expect(events.some((event) => event.type === 'warning' && event.code === 'limit_exceeded')).toBe(true);
	});

	it('counts calls across turns for the session cap', async () => {
		const repo = repoServer();
		const state = createAgentState();
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'repo_mcp_read_file', input: { n: 1 } }] },
			{ text: 'a' },
			{ toolCalls: [{ name: 'repo_mcp_read_file', input: { n: 2 } }] },
			{ text: 'b' }
		]);
		const options = {
			provider,
			layers: [repo.layer],
			servers: [repo.server],
			lazy: false,
			state,
			policy: { maxCallsPerSession: 1 }
		};
		const first = await runAgentLoop('1', options);
		await runAgentLoop('2', { ...options, history: first.messages });
		expect(resultsOf(provider.requests[3])[0].content).toMatch(/1 tool calls per session/);
		expect(repo.server.calls).toHaveLength(1);
	});

	it('rejects oversized arguments', async () => {
		const repo = repoServer();
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'repo_mcp_write_file', input: { n: 1, text: 'x'.repeat(500) } }] },
			{ text: 'ok' }
		]);
		await runAgentLoop('x', {
			provider,
			layers: [repo.layer],
			servers: [repo.server],
			lazy: false,
			policy: { maxArgsChars: 100, approval: 'off' }
		});
		expect(resultsOf(provider.requests[1])[0].content).toMatch(/arguments are \d+ characters long; the limit is 100/);
		expect(repo.server.calls).toEqual([]);
	});

	it('caps the result the model sees with maxResultChars', async () => {
		const big = dataServer('Big', [
			{ name: 'text', description: 't', inputSchema: schema, handler: () => 'z'.repeat(5000) }
		]);
		const provider = createMockProvider([{ toolCalls: [{ name: 'big_mcp_text' }] }, { text: 'ok' }]);
		await runAgentLoop('x', {
			provider,
			layers: [big.layer],
			servers: [big.server],
			lazy: false,
			policy: { maxResultChars: 1000 }
		});
		expect(resultsOf(provider.requests[1])[0].content.length).toBeLessThanOrEqual(1000);
	});
});
