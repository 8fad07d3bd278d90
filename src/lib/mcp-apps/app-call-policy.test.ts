import { describe, expect, it } from 'vitest';
import { checkAppToolCall, checkProxiedToolCall, maxProxiedToolName } from './app-call-policy';
import { uiTools } from '$lib/shared/testing';

const { shown, appOnly, modelOnly, plain } = uiTools;

describe('a View’s tools/call', () => {
	const tools = [shown, appOnly, modelOnly, plain];

	it('may call its own server’s tools whose visibility includes app', () => {
		expect(checkAppToolCall({ server: 'monitor', name: 'poll', tools })).toMatchObject({
			ok: true,
			tool: { name: 'poll' }
		});
		expect(checkAppToolCall({ server: 'monitor', name: 'get-time', tools })).toMatchObject({ ok: true });
	});

	it('is refused for a model-only tool', () => {
		expect(checkAppToolCall({ server: 'monitor', name: 'delete-all', tools })).toMatchObject({
			ok: false,
			code: 'not_app_visible'
		});
	});

	it('is refused for another server’s tool, under any name', () => {
		for (const name of ['datasets_mcp_query_sql', 'query_sql', 'autoui_webmcp_widget_display', 'widget_display']) {
			const verdict = checkAppToolCall({ server: 'monitor', name, tools });
			expect(verdict).toMatchObject({ ok: false, code: 'unknown_tool' });
			if (!verdict.ok) expect(verdict.message).toContain('only its own server');
		}
	});

	it('is refused while the server is not connected, and without a name', () => {
		expect(checkAppToolCall({ server: 'monitor', name: 'poll', tools: undefined })).toMatchObject({
			ok: false,
			code: 'mcp_disconnected'
		});
		expect(checkAppToolCall({ server: 'monitor', name: 42, tools })).toMatchObject({
			ok: false,
			code: 'invalid_request'
		});
	});
});

describe('a tools/call a View sends through its agent', () => {
	it('names a tool and passes object arguments', () => {
		expect(checkProxiedToolCall({ server: 'clock', name: 'get-time', arguments: {} })).toEqual({
			ok: true,
			name: 'get-time'
		});
		expect(checkProxiedToolCall({ server: 'clock', name: 'get-time', arguments: undefined })).toMatchObject({
			ok: true
		});
	});

	it('is refused without a name, with a hostile name, or with arguments that are not an object', () => {
		for (const name of [undefined, '', '  ', 7, 'x'.repeat(maxProxiedToolName + 1), 'a\u0000b'])
			expect(checkProxiedToolCall({ server: 'clock', name, arguments: {} })).toMatchObject({
				ok: false,
				code: 'invalid_request'
			});
		for (const args of [[], 'x', null])
			expect(checkProxiedToolCall({ server: 'clock', name: 'get-time', arguments: args })).toMatchObject({
				ok: false,
				message: expect.stringContaining('must be an object')
			});
	});
});
