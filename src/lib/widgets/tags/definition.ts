/** `tags`: a set of labels — topics, categories, skills — optionally with counts. */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { tagsBinding, tagsWithRows } from './rows';
import { list, numberish, object, oneOf, text, title, variants } from '../shared/schema';
import type { Variant } from '../shared/schema';
import { frameFor, charWidth } from '../shared/natural-size';

export type Tag = string | { label: string; count?: number | string; variant?: Variant };
export type TagsParams = RowParams & { tags?: Tag[]; label?: string; count?: string; title?: string };

export const tagsDefinition: WidgetDefinition<TagsParams> = {
	name: 'tags',
	title: 'Tags',
	description: 'A set of short labels (topics, categories, skills, statuses), optionally with counts, sized by weight.',
	category: 'text',
	schema: {
		...object({
			tags: list(
				{
					type: ['string', 'object'],
					maxLength: 200,
					properties: {
						label: text('Tag text', 200),
						count: numberish('How often / how strong'),
						variant: oneOf(variants, 'Colour meaning')
					},
					required: ['label'],
					additionalProperties: false
				},
				'Tags: strings or { label, count?, variant? }',
				{ max: 500 }
			),
			...rowProperties(tagsBinding, 500, 'Rows as a query returns them, one per tag'),
			title
		}),
		...itemsOrRows('tags', tagsBinding)
	},
	example: {
		tags: [
			{ label: 'pricing', count: 48 },
			{ label: 'delivery delay', count: 31, variant: 'warning' },
			{ label: 'great support', count: 27, variant: 'success' },
			{ label: 'app crash', count: 12, variant: 'danger' },
			{ label: 'packaging', count: 9 },
			'feature request',
			'refund'
		]
	},
	recipe: {
		whenToUse:
			'Keywords, topics or categories found in data, or properties of an item, where order matters less than presence. For ranked counts to compare precisely use bar.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `label` names the column of each tag\'s text and `count` its count (e.g. the rows of a GROUP BY … count(*)). Written out instead: `tags` holds strings or { label, count?, variant? }. Counts are shown and make frequent tags larger. Keep labels to a few words.'
	},
	defaultSize: { w: 380, h: 160 },
	naturalSize: (raw) => {
		const tags = tagsWithRows(raw).tags ?? [];
		const width = 400;
		const total = tags.reduce<number>(
			(sum, tag) =>
				sum +
				(typeof tag === 'string'
					? tag.length
					: tag.label.length + (tag.count !== undefined ? String(tag.count).length + 2 : 0)) *
					charWidth +
				36,
			0
		);
		return frameFor(width, Math.ceil(total / (width - 24)) * 34 + 24);
	},
	keywords: ['tags', 'labels', 'chips', 'keywords', 'topics', 'categories', 'word cloud'],
	drawIssues: (params) => rowIssues(params, tagsBinding)
};
