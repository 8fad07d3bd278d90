/** `list`: a bulleted or numbered list of short items. */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { listBinding, listWithRows } from './rows';
import { list, object, text, title, url } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type ListItem = string | { text: string; detail?: string; url?: string };
export type ListParams = RowParams & {
	items?: ListItem[];
	text?: string;
	detail?: string;
	url?: string;
	ordered?: boolean;
	title?: string;
};

export const listDefinition: WidgetDefinition<ListParams> = {
	name: 'list',
	title: 'List',
	description: 'A bulleted or numbered list of short items, each optionally with a detail line and a link.',
	category: 'text',
	schema: {
		...object({
			items: list(
				{
					type: ['string', 'object'],
					maxLength: 2000,
					properties: {
						text: text('Item text', 2000),
						detail: text('Second line', 2000),
						url: url('Link for the item')
					},
					required: ['text'],
					additionalProperties: false
				},
				'Items: plain strings or { text, detail?, url? }',
				{ max: 1000 }
			),
			ordered: { type: 'boolean', description: 'Numbered (ranked, steps) instead of bullets' },
			...rowProperties(listBinding, 1000, 'Rows as a query returns them, one per item'),
			title
		}),
		...itemsOrRows('items', listBinding)
	},
	example: {
		ordered: true,
		items: [
			{ text: 'Export the customer table', detail: 'Settings → Data → Export as CSV' },
			{ text: 'Remove duplicate e-mail addresses', detail: 'About 3% of rows in last month’s export' },
			'Import into the new CRM',
			{ text: 'Check the import report', url: 'https://example.org/docs/import-report' }
		]
	},
	recipe: {
		whenToUse:
			'Steps, findings, recommendations or a ranking of short items. For links with descriptions use link-list; for labelled facts use kv; for many fields per item use data-table.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `text` names the column of each item (`detail`, `url` columns optional). Written out instead: `items` holds strings or { text, detail?, url? }. Set `ordered: true` for steps or rankings. Keep items to one line; put explanations in `detail`.'
	},
	defaultSize: { w: 380, h: 240 },
	naturalSize: (raw) => {
		const items = listWithRows(raw).items ?? [];
		const width = 400;
		const lines = items.reduce(
			(total, item) =>
				total +
				(typeof item === 'string'
					? textLines(item, width - 60)
					: textLines(item.text, width - 60) + textLines(item.detail, width - 60)),
			0
		);
		return frameFor(width, lines * 21 + items.length * 6 + 28);
	},
	keywords: ['list', 'bullets', 'steps', 'checklist', 'ranking', 'items', 'todo'],
	drawIssues: (params) => rowIssues(params, listBinding)
};
