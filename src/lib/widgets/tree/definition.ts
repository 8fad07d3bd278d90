/** `tree`: a hierarchy (org chart, file tree, category breakdown) as a collapsible outline. */
import type { WidgetDefinition } from '../types';
import { numberish, object, text, title } from '../shared/schema';
import type { JsonSchema } from '$lib/shared';

export type TreeNode = { name: string; value?: number | string; note?: string; children?: TreeNode[] };
export type TreeParams = { root: TreeNode; expandDepth?: number; valueLabel?: string; title?: string };

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
	description: 'A hierarchy — organisation, folders, budget breakdown, taxonomy — as a collapsible outline with optional values.',
	category: 'structures',
	schema: {
		...object(
			{
				root: { $ref: '#/definitions/node' },
				expandDepth: { type: 'integer', minimum: 0, maximum: 20, description: 'Levels open at first (default 2)' },
				valueLabel: text('What values measure, e.g. "budget (k€)"', 100),
				title
			},
			['root']
		),
		definitions: { node }
	},
	example: {
		valueLabel: 'Budget (k€)',
		root: {
			name: 'Engineering',
			value: 4200,
			children: [
				{ name: 'Platform', value: 1800, children: [{ name: 'Infrastructure', value: 1100 }, { name: 'Developer tools', value: 700 }] },
				{ name: 'Product', value: 1600, children: [{ name: 'Web', value: 900 }, { name: 'Mobile', value: 700 }] },
				{ name: 'Data', value: 800, note: 'includes two open roles' }
			]
		}
	},
	recipe: {
		whenToUse: 'Nested parent/child structures: org charts, folder trees, category breakdowns. For flows between stages use sankey; for arbitrary connections use network.',
		howToUse: '`root` is { name, value?, note?, children: [...] }, nested as deep as needed. Values draw bars relative to the parent. `expandDepth` sets how many levels start open.'
	},
	defaultSize: { w: 420, h: 320 },
	keywords: ['tree', 'hierarchy', 'org chart', 'outline', 'folders', 'breakdown', 'taxonomy']
};
