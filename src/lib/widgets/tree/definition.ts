/** `tree`: a hierarchy (org chart, file tree, category breakdown) as a collapsible outline. */
import type { WidgetDefinition } from '../types';
import { list, numberish, object, requireOneOf, rows, text, title } from '../shared/schema';
import type { JsonSchema } from '$lib/shared';
import type { RowParams } from '../shared/row-binding';
import { treeRowIssues } from './rows';
import { treeWithRows } from './rows';
import { expandDepthOf, outlineExtent } from '../shared/outline-lines';
import { charWidth, frameFor } from '../shared/natural-size';

export type TreeNode = { name: string; value?: number | string; note?: string; children?: TreeNode[] };
export type TreeParams = RowParams & {
	root?: TreeNode;
	levels?: string[];
	value?: string;
	rootLabel?: string;
	expandDepth?: number;
	valueLabel?: string;
	title?: string;
};

const node: JsonSchema = {
	type: 'object',
	properties: {
		name: text('Node label', 300),
		value: numberish('Optional size/amount (shown with a proportional bar)'),
		note: text('Small note', 300),
		children: { type: 'array', items: { $ref: '#/definitions/node' }, maxItems: 5000, description: 'Child nodes' }
	},
	required: ['name'],
	additionalProperties: false
};

export const treeDefinition: WidgetDefinition<TreeParams> = {
	name: 'tree',
	title: 'Tree',
	description:
		'A hierarchy — organisation, folders, budget breakdown, taxonomy — as a collapsible outline with optional values.',
	category: 'structures',
	schema: {
		...object({
			root: { $ref: '#/definitions/node' },
			expandDepth: { type: 'integer', minimum: 0, maximum: 20, description: 'Levels open at first (default 2)' },
			valueLabel: text('What values measure, e.g. "budget (k€)"', 100),
			data: rows(
				'Rows as a query returns them (e.g. a GROUP BY over several columns); `levels` names the columns that nest',
				5000
			),
			levels: list(text('Column name', 200), 'With `data`: the columns that nest, outermost first', { min: 1, max: 6 }),
			value: text('With `data`: the number column summed up the tree (optional)', 200),
			rootLabel: text('With `data`: the name of the root (default "All")', 200),
			title
		}),
		...requireOneOf([['root'], ['data', 'levels']]),
		definitions: { node }
	},
	example: {
		valueLabel: 'Budget (k€)',
		root: {
			name: 'Engineering',
			value: 4200,
			children: [
				{
					name: 'Platform',
					value: 1800,
					children: [
						{ name: 'Infrastructure', value: 1100 },
						{ name: 'Developer tools', value: 700 }
					]
				},
				{
					name: 'Product',
					value: 1600,
					children: [
						{ name: 'Web', value: 900 },
						{ name: 'Mobile', value: 700 }
					]
				},
				{ name: 'Data', value: 800, note: 'includes two open roles' }
			]
		}
	},
	recipe: {
		whenToUse:
			'Nested parent/child structures: org charts, folder trees, category breakdowns. For flows between stages use sankey; for arbitrary connections use network.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}` of a GROUP BY region, country) and `levels` names the columns that nest, outermost first; `value` names a number column summed up the tree, `rootLabel` names the root. Written out instead: `root` is { name, value?, note?, children: [...] }, nested as deep as needed. Values draw bars relative to the parent. `expandDepth` sets how many levels start open.'
	},
	defaultSize: { w: 420, h: 320 },
	naturalSize: (raw) => {
		const params = treeWithRows(raw);
		if (!params.root || typeof params.root !== 'object') return frameFor(420, 288);
		const { lines, widest } = outlineExtent<TreeNode>(
			params.root,
			expandDepthOf(params.expandDepth),
			(node) =>
				String(node.name ?? '').length +
				(node.value !== undefined ? String(node.value).length + 12 : 0) +
				(node.note ? Math.min(40, node.note.length) : 0),
			(node) => (Array.isArray(node.children) ? node.children : [])
		);
		return frameFor(Math.max(320, widest * charWidth + 72), lines * 26 + 24);
	},
	keywords: ['tree', 'hierarchy', 'org chart', 'outline', 'folders', 'breakdown', 'taxonomy'],
	drawIssues: treeRowIssues
};
