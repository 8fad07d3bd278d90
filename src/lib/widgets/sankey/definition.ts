/** `sankey`: flows of a quantity between stages (budgets, energy, user journeys). */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowProperties, type RowParams } from '../shared/row-binding';
import { sankeyBinding, sankeyWithRows } from './rows';
import { sankeyIssues } from './draw-issues';
import { list, numberish, object, text, title } from '../shared/schema';
import { frameFor, charWidth, longestText } from '../shared/natural-size';

export type SankeyLink = { source: string | number; target: string | number; value: number | string };
export type SankeyNode = { id: string | number; label?: string };
export type SankeyParams = RowParams & {
	links?: SankeyLink[];
	from?: string;
	to?: string;
	value?: string;
	nodes?: SankeyNode[];
	unit?: string;
	description?: string;
	title?: string;
};

const id = { type: ['string', 'number'], description: 'Node id (or name)' };

export const sankeyDefinition: WidgetDefinition<SankeyParams> = {
	name: 'sankey',
	title: 'Sankey diagram',
	description: 'A flow diagram: bands whose width is a quantity moving from sources to targets through stages.',
	category: 'structures',
	schema: {
		...object({
			links: list(
				object({ source: id, target: id, value: numberish('Amount flowing (positive)') }, [
					'source',
					'target',
					'value'
				]),
				'Flows between nodes; nodes are created from the names used',
				{ min: 1, max: 5000 }
			),
			nodes: list(
				object({ id, label: text('Display name', 200) }, ['id']),
				'Optional node labels (when links use ids)',
				{ max: 2000 }
			),
			unit: text('Unit of the values, e.g. "TWh" or "users"', 40),
			description: text('One sentence describing the diagram, used as its accessible name', 500),
			...rowProperties(sankeyBinding, 5000, 'Rows as a query returns them, one per flow'),
			title
		}),
		...itemsOrRows('links', sankeyBinding)
	},
	example: {
		unit: 'TWh',
		description: 'How primary energy flows into electricity and final uses (simplified)',
		links: [
			{ source: 'Hydro', target: 'Electricity', value: 130 },
			{ source: 'Wind', target: 'Electricity', value: 15 },
			{ source: 'Oil', target: 'Transport', value: 60 },
			{ source: 'Oil', target: 'Industry', value: 20 },
			{ source: 'Gas', target: 'Industry', value: 25 },
			{ source: 'Electricity', target: 'Homes', value: 50 },
			{ source: 'Electricity', target: 'Industry', value: 65 },
			{ source: 'Electricity', target: 'Services', value: 30 }
		]
	},
	recipe: {
		whenToUse:
			'Quantities flowing from sources to destinations, possibly through stages: budgets, energy, migration, conversion funnels. For parent/child without flows use tree; for connections without quantities use network.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `from`, `to` and `value` name the columns of each flow (e.g. the rows of a GROUP BY origin, destination). Written out instead: `links` with `source`, `target` (node names) and a positive `value`. Flows must not loop back (no cycles). Use `nodes` only to give ids readable labels. Keep under ~40 nodes.'
	},
	defaultSize: { w: 620, h: 360 },
	naturalSize: (raw) => {
		const links = sankeyWithRows(raw).links ?? [];
		const sources = new Set(links.map((link) => link?.source));
		const targets = new Set(links.map((link) => link?.target));
		const labels = [...sources, ...targets];
		const column = Math.max(sources.size, targets.size);
		return frameFor(Math.max(560, longestText(labels) * charWidth * 2 + 360), Math.max(280, column * 34 + 64));
	},
	keywords: ['sankey', 'flow', 'alluvial', 'funnel', 'energy flow', 'budget flow', 'transfers'],
	drawIssues: sankeyIssues
};
