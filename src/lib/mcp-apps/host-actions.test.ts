import { describe, expect, it } from 'vitest';
import type { HostConnection } from './apps-host';
import { openView, type ViewCanvas } from './host-actions';

/** A canvas whose check refuses a tool input holding `refuse`; it keeps what it takes. */
function canvas(refuse: string) {
	const added: Record<string, unknown>[] = [];
	const value: ViewCanvas = {
		callbacks: {
			onWidget: (_type, params) => {
				if (JSON.stringify(params.toolInput ?? {}).includes(refuse))
					return { error: `/toolInput/url: ${refuse} URLs are not allowed` };
				added.push(params);
				return { id: `w${added.length}` };
			}
		},
		validator: {
			load: async () => undefined,
			check: (_type, params) => ({ ok: true, value: params as Record<string, unknown> })
		},
		store: { get: () => undefined, update: () => undefined }
	};
	return { value, added };
}

const connection = { name: 'pdf', url: 'http://127.0.0.1:3001/mcp' } as HostConnection;
const tool = { name: 'display_pdf', inputSchema: { type: 'object' as const } };

describe('opening a View', () => {
	it('opens the widget with the call’s input', async () => {
		const { value, added } = canvas('never');
		const id = await openView(
			{ connection, tool, resource: 'ui://pdf/view.html', canvas: value },
			{ url: 'file:///tmp/a.pdf' }
		);
		expect(id).toBe('w1');
		expect(added[0]).toMatchObject({ toolInput: { url: 'file:///tmp/a.pdf' } });
		expect(added[0].openError).toBeUndefined();
	});

	it('says why on a widget of its own when the canvas refuses it, never silently', async () => {
		const { value, added } = canvas('file:');
		const id = await openView(
			{ connection, tool, resource: 'ui://pdf/view.html', canvas: value },
			{ url: 'file:///tmp/a.pdf' }
		);
		expect(id).toBe('w1');
		expect(added[0].toolInput).toEqual({});
		expect(added[0].openError).toBe(
			'The view of ui://pdf/view.html was not opened: /toolInput/url: file: URLs are not allowed'
		);
	});
});
