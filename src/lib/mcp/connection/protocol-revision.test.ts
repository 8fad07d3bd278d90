import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoUiError } from '$lib/shared';
import { McpConnection } from './connection';
import { parseProtocolChoice, versionNegotiationFor } from './protocol-revision';
import { createServerConfig, loadServers, saveServers, storageKey } from '../servers/server-config';
import { memoryStore } from '../oauth/oauth';
import type { WireMessage } from './protocol-tap';
import { startEverything, startModernServer, type RunningServer } from '../../../../tests/fixtures/mcp/launchers';

function text(result: { content: Array<{ type: string; text?: string }> }): string {
	return result.content.map((part) => part.text ?? '').join('');
}

describe('protocol choice', () => {
	it('reads a missing or unknown stored choice as auto', () => {
		expect(parseProtocolChoice(undefined)).toBe('auto');
		expect(parseProtocolChoice('2026')).toBe('auto');
		expect(parseProtocolChoice('modern')).toBe('modern');
		expect(versionNegotiationFor('legacy')).toEqual({ mode: 'legacy' });
		expect(versionNegotiationFor('modern', 5000)).toEqual({ mode: { pin: '2026-07-28' }, probe: { timeoutMs: 5000 } });
	});

	it('keeps a saved config made before the choice existed, as auto, and saves the choice made', () => {
		const storage = memoryStore();
		const old = {
			id: 'srv_1',
			name: 'old',
			url: 'https://example.com/mcp',
			transport: 'auto',
			headers: { Authorization: 'Bearer x' },
			enabled: true,
			auth: 'none'
		};
		storage.setItem(storageKey, JSON.stringify({ version: 1, servers: [old] }));
		const [loaded] = loadServers(storage);
		expect(loaded).toEqual({ ...old, protocol: 'auto' });
		const added = createServerConfig({ url: 'https://other.example.com/mcp', protocol: 'modern' }, ['old']);
		saveServers(storage, [loaded, added]);
		expect(loadServers(storage).map((config) => config.protocol)).toEqual(['auto', 'modern']);
		expect(() => createServerConfig({ url: 'https://x.example.com/mcp', protocol: 'newest' as never }, [])).toThrow(
			/protocol must be one of auto, legacy, modern/
		);
	});
});

describe('a server that speaks 2026-07-28 (and 2025-11-25)', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startModernServer();
	});
	afterAll(async () => {
		await server?.stop();
	});

	for (const [choice, expected] of [
		['modern', '2026-07-28'],
		['auto', '2026-07-28'],
		['legacy', '2025-11-25']
	] as const) {
		it(`${choice}: negotiates ${expected}, lists and calls tools on it`, async () => {
			const wire: WireMessage[] = [];
			const connection = new McpConnection({
				name: 'modern',
				url: server.url,
				protocol: choice,
				onWireMessage: (message) => wire.push(message)
			});
			try {
				await connection.connect();
				expect(connection.protocolVersion).toBe(expected);
				expect(connection.protocolChoice).toBe(choice);
				expect(connection.tools.map((tool) => tool.name).sort()).toEqual(['add', 'echo', 'revision']);
				expect(text(await connection.callTool('add', { a: 2, b: 40 }))).toBe('42');
				// The server names the revision the call came in on.
				expect(text(await connection.callTool('revision', {}))).toBe(`revision: ${expected}`);
				const methods = wire
					.filter((message) => message.direction === 'out')
					.map((message) => ('method' in message.message ? message.message.method : undefined));
				if (choice === 'legacy') {
					expect(methods).toContain('initialize');
					expect(methods).not.toContain('server/discover');
				} else {
					expect(methods).toContain('server/discover');
					expect(methods).not.toContain('initialize');
				}
			} finally {
				await connection.close();
			}
		});
	}
});

describe('a server that speaks only 2025-11-25 (server-everything)', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startEverything({ mode: 'streamableHttp' });
	});
	afterAll(async () => {
		await server?.stop();
	});

	it('auto falls back to 2025-11-25 after the probe', async () => {
		const connection = new McpConnection({ name: 'everything', url: server.url, protocol: 'auto' });
		try {
			await connection.connect();
			expect(connection.protocolVersion).toBe('2025-11-25');
			expect(text(await connection.callTool('get-sum', { a: 2, b: 40 }))).toContain('42');
		} finally {
			await connection.close();
		}
	});

	it('modern fails with a message that says which revision is missing and what to choose', async () => {
		const connection = new McpConnection({
			name: 'everything',
			url: server.url,
			protocol: 'modern',
			backoff: { attempts: 0, slowRetryMs: 0 }
		});
		try {
			const error = await connection.connect().then(
				() => undefined,
				(caught: unknown) => caught
			);
			expect(error).toBeInstanceOf(AutoUiError);
			expect((error as AutoUiError).code).toBe('mcp_protocol');
			expect((error as AutoUiError).message).toMatch(
				/does not speak MCP protocol revision 2026-07-28.*"auto".*"legacy"/
			);
			expect(connection.status).toBe('error');
		} finally {
			await connection.close();
		}
	});

	it('modern over the legacy SSE transport is refused with the same advice', async () => {
		const sse = await startEverything({ mode: 'sse' });
		const connection = new McpConnection({
			name: 'everything_sse',
			url: sse.url,
			transport: 'sse',
			protocol: 'modern',
			backoff: { attempts: 0, slowRetryMs: 0 }
		});
		try {
			await expect(connection.connect()).rejects.toThrow(
				/does not speak MCP protocol revision 2026-07-28 \(the legacy SSE transport cannot carry it\)/
			);
		} finally {
			await connection.close();
			await sse.stop();
		}
	});
});
