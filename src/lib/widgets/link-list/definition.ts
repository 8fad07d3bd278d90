/** `link-list`: sources, references or search results as links with descriptions. */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { linkListBinding, linkListWithRows } from './rows';
import { date, list, object, text, title, url } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type LinkItem = { title: string; url: string; description?: string; source?: string; date?: string | number };
export type LinkListParams = RowParams & {
	links?: LinkItem[];
	label?: string;
	url?: string;
	description?: string;
	site?: string;
	date?: string;
	title?: string;
};

export const linkListDefinition: WidgetDefinition<LinkListParams> = {
	name: 'link-list',
	title: 'Links',
	description: 'A list of links (sources, references, search results, documents) with titles, descriptions and sites.',
	category: 'text',
	schema: {
		...object({
			links: list(
				object(
					{
						title: text('Link text', 300),
						url: url('https URL'),
						description: text('One or two sentences about the page', 1000),
						source: text('Site or publisher (default: the host)', 200),
						date: date('Publication date')
					},
					['title', 'url']
				),
				'The links',
				{ max: 500 }
			),
			...rowProperties(linkListBinding, 500, 'Rows as a query returns them, one per link'),
			title
		}),
		...itemsOrRows('links', linkListBinding)
	},
	example: {
		links: [
			{
				title: 'Energy statistics 2023',
				url: 'https://www.ssb.no/en/energi-og-industri/energi',
				description: 'Official production and consumption figures for Norway.',
				source: 'Statistics Norway',
				date: '2024-03-14'
			},
			{
				title: 'Electricity market report',
				url: 'https://www.iea.org/reports/electricity-2024',
				description: 'Global outlook on demand, supply and prices to 2026.',
				source: 'IEA'
			},
			{
				title: 'Nord Pool day-ahead prices',
				url: 'https://www.nordpoolgroup.com/',
				description: 'Hourly spot prices for the Nordic and Baltic areas.'
			}
		]
	},
	recipe: {
		whenToUse:
			'Sources behind an answer, further reading, documents or search results. For one person or organisation use profile; for visual items with images use cards.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `label` and `url` name the columns of each link\'s title and https address (`description`, `site`, `date` optional). Written out instead: `links` with `title` and full https `url`; add a one-line `description`, `source` and `date`. Links open in a new tab; unsafe URLs are shown as text.'
	},
	defaultSize: { w: 420, h: 260 },
	naturalSize: (raw) => {
		const links = linkListWithRows(raw).links ?? [];
		const width = 440;
		const lines = links.reduce(
			(total, link) => total + textLines(link.title, width - 40) + textLines(link.description, width - 40) + 1,
			0
		);
		return frameFor(width, lines * 20 + links.length * 14 + 24);
	},
	keywords: ['links', 'sources', 'references', 'citations', 'bibliography', 'search results', 'reading list'],
	drawIssues: (params) => rowIssues(params, linkListBinding)
};
