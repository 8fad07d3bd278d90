/** `kv`: the properties of one thing as a key/value list. */
import type { WidgetDefinition } from '../types';
import { list, object, scalar, text, title, url } from '../shared/schema';
import { requireOneOf } from '../shared/schema';
import { frameFor, textLines, longestText, charWidth } from '../shared/natural-size';

export type KvItem = { key: string; value: unknown; url?: string; hint?: string };
export type KvParams = { items?: KvItem[]; data?: Record<string, unknown>; title?: string };

export const kvDefinition: WidgetDefinition<KvParams> = {
	name: 'kv',
	title: 'Key/value list',
	description: 'The properties of one item (a record, a company, a server) as labelled values.',
	category: 'text',
	schema: {
		...object({
			items: list(
				object(
					{
						key: text('Label', 200),
						value: scalar('Value (text, number, boolean)'),
						url: url('Optional link for the value'),
						hint: text('Small note after the value', 200)
					},
					['key', 'value']
				),
				'Ordered pairs',
				{ max: 500 }
			),
			data: {
				type: 'object',
				additionalProperties: scalar('Value'),
				description: 'Shortcut: a flat object whose keys become labels (order kept)'
			},
			title
		}),
		...requireOneOf([['items'], ['data']])
	},
	example: {
		items: [
			{ key: 'Company', value: 'Nordlicht Energy AS' },
			{ key: 'Founded', value: 2011 },
			{ key: 'Headquarters', value: 'Bergen, Norway' },
			{ key: 'Employees', value: '1,240', hint: '2023 annual report' },
			{ key: 'Listed', value: true },
			{ key: 'Website', value: 'nordlicht.example', url: 'https://nordlicht.example' }
		]
	},
	recipe: {
		whenToUse:
			'Details of a single entity: 2–30 labelled facts. For many entities with the same fields use data-table; for a person use profile; for nested data use json.',
		howToUse:
			'Use `items` ([{ key, value, url?, hint? }]) to control order, or `data` as a flat object. Values are text, numbers or booleans; numbers are formatted.'
	},
	defaultSize: { w: 380, h: 260 },
	naturalSize: (params) => {
		const entries: Array<[unknown, unknown]> = params.items
			? params.items.map((item) => [item.key, item.value])
			: Object.entries(params.data ?? {});
		const keyWidth = Math.min(200, longestText(entries.map(([key]) => key)) * charWidth + 24);
		const width = Math.min(
			560,
			Math.max(
				320,
				keyWidth +
					longestText(entries.map(([, value]) => (typeof value === 'object' ? JSON.stringify(value) : value))) *
						charWidth +
					40
			)
		);
		const lines = entries.reduce(
			(total, [, value]) =>
				total +
				Math.max(1, textLines(typeof value === 'object' ? JSON.stringify(value) : value, width - keyWidth - 40)),
			0
		);
		return frameFor(width, lines * 24 + entries.length * 6 + 24);
	},
	keywords: ['key value', 'properties', 'details', 'attributes', 'facts', 'record', 'definition list']
};
