import { describe, expect, it } from 'vitest';
import { mockResult, renderTemplate } from './template';

describe('mock templates', () => {
	it('puts whole values in place and text into strings, keeping the JSON valid', () => {
		const rendered = renderTemplate(
			'{"city": "{{city}}", "days": "{{days}}", "filter": "{{filter}}", "note": "Weather for {{city}} ({{days}} days)"}',
			{
				city: 'Oslo "north"',
				days: 3,
				filter: { rain: true }
			}
		);
		expect(rendered).toEqual({
			kind: 'json',
			value: { city: 'Oslo "north"', days: 3, filter: { rain: true }, note: 'Weather for Oslo "north" (3 days)' }
		});
	});

	it('reads nested paths, args. prefixes and defaults; missing values are empty or null', () => {
		const rendered = renderTemplate(
			'{"limit": "{{args.filter.limit}}", "unit": "{{unit ?? \\"celsius\\"}}", "missing": "{{nothing}}", "text": "[{{nothing}}]"}',
			{ filter: { limit: 5 } }
		);
		expect(rendered).toEqual({ kind: 'json', value: { limit: 5, unit: 'celsius', missing: null, text: '[]' } });
	});

	it('renders text templates as text', () => {
		expect(renderTemplate('Hello {{name}}, {{count}} new', { name: 'Ada', count: 2 })).toEqual({
			kind: 'text',
			text: 'Hello Ada, 2 new'
		});
	});

	it('turns a static result or a template into a tool result', () => {
		expect(mockResult({ result: { ok: true } }, {})).toEqual({
			content: [{ type: 'text', text: '{"ok":true}' }],
			structuredContent: { ok: true }
		});
		expect(mockResult({ result: 'plain' }, {})).toEqual({ content: [{ type: 'text', text: 'plain' }] });
		expect(mockResult({ template: '{"n": "{{n}}"}' }, { n: 1 })).toMatchObject({ structuredContent: { n: 1 } });
	});
});
