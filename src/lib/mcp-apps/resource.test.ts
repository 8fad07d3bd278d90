import { describe, expect, it } from 'vitest';
import { parseViewResource } from './resource';

const uri = 'ui://demo/view.html';
const read = (meta?: Record<string, unknown>) => ({
	contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>', ...(meta ? { _meta: meta } : {}) }]
});

describe('a View resource’s _meta.ui', () => {
	it('is read from the resources/list entry and the content, the content winning field by field', () => {
		const listed = { ui: { csp: { connectDomains: ['https://a.example'] }, prefersBorder: true, domain: 'x.example' } };
		expect(parseViewResource(uri, read(), listed)).toEqual({
			html: '<p>hi</p>',
			csp: { connectDomains: ['https://a.example'] },
			prefersBorder: true,
			domain: 'x.example'
		});
		const both = parseViewResource(uri, read({ ui: { csp: { resourceDomains: ['https://b.example'] } } }), listed);
		expect(both.csp).toEqual({ resourceDomains: ['https://b.example'] });
		expect(both.prefersBorder).toBe(true);
		expect(parseViewResource(uri, read({ ui: { permissions: { camera: {} } } })).permissions).toEqual({ camera: {} });
	});
});
