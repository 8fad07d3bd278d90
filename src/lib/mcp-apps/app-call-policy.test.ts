import { describe, expect, it } from 'vitest';
import { checkAppToolCall } from './app-call-policy';
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
