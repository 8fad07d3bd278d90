/** `network`: entities and their connections (a graph). */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { networkBinding } from './rows';
import { list, numberish, object, text, title } from '../shared/schema';
import { networkWithRows } from './rows';
import { frameFor } from '../shared/natural-size';

export type NetworkNode = { id: string | number; label?: string; group?: string; size?: number | string };
export type NetworkLink = { source: string | number; target: string | number; value?: number | string; label?: string };
export type NetworkParams = RowParams & {
	nodes?: NetworkNode[];
	links?: NetworkLink[];
	from?: string;
	to?: string;
	value?: string;
	label?: string;
	directed?: boolean;
	description?: string;
	title?: string;
};

const id = { type: ['string', 'number'], description: 'Node id' };

export const networkDefinition: WidgetDefinition<NetworkParams> = {
	name: 'network',
	title: 'Network graph',
	description:
		'Nodes and the links between them (who knows whom, dependencies, citations), laid out by a force simulation.',
	category: 'structures',
	schema: {
		...object({
			nodes: list(
				object(
					{
						id,
						label: text('Display name', 200),
						group: text('Group (colour and legend)', 100),
						size: numberish('Relative importance (node size)')
					},
					['id']
				),
				'Nodes (optional: created from link ends)',
				{ max: 2000 }
			),
			links: list(
				object({ source: id, target: id, value: numberish('Strength (line width)'), label: text('Relation', 100) }, [
					'source',
					'target'
				]),
				'Connections',
				{ max: 10_000 }
			),
			directed: { type: 'boolean', description: 'Draw arrows from source to target' },
			description: text('One sentence describing the graph, used as its accessible name', 500),
			...rowProperties(networkBinding, 10_000, 'Rows as a query returns them, one per link'),
			title
		}),
		...itemsOrRows('links', networkBinding)
	},
	example: {
		directed: true,
		description: 'Service dependencies of the checkout system',
		nodes: [
			{ id: 'web', label: 'Web shop', group: 'frontend', size: 3 },
			{ id: 'app', label: 'Mobile app', group: 'frontend', size: 2 },
			{ id: 'api', label: 'API gateway', group: 'backend', size: 4 },
			{ id: 'cart', label: 'Cart', group: 'backend' },
			{ id: 'pay', label: 'Payments', group: 'backend', size: 2 },
			{ id: 'stock', label: 'Inventory', group: 'backend' },
			{ id: 'db', label: 'Orders DB', group: 'data', size: 2 },
			{ id: 'psp', label: 'Card processor', group: 'external' }
		],
		links: [
			{ source: 'web', target: 'api' },
			{ source: 'app', target: 'api' },
			{ source: 'api', target: 'cart' },
			{ source: 'api', target: 'pay' },
			{ source: 'cart', target: 'stock' },
			{ source: 'cart', target: 'db' },
			{ source: 'pay', target: 'db' },
			{ source: 'pay', target: 'psp', label: 'HTTPS' }
		]
	},
	recipe: {
		whenToUse:
			'Relationships between entities where structure matters: dependencies, social or citation graphs, knowledge graphs. For hierarchies use tree; for quantities flowing use sankey.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `from` and `to` name the columns of each link\'s two ends (`value`, `label` optional); nodes are made from the names. Written out instead: `links` with `source` and `target` ids; `nodes` add labels, `group` (colour) and `size`. Set `directed: true` for arrows. Readable up to ~150 nodes.'
	},
	defaultSize: { w: 560, h: 400 },
	naturalSize: (raw) => {
		const params = networkWithRows(raw);
		const ids = new Set<unknown>((params.nodes ?? []).map((node) => node?.id));
		for (const link of params.links ?? []) ids.add(link?.source).add(link?.target);
		const side = Math.min(640, Math.max(320, Math.sqrt(ids.size) * 80 + 120));
		return frameFor(side * 1.4, side);
	},
	keywords: ['network', 'graph', 'nodes', 'edges', 'relationships', 'dependencies', 'social graph', 'knowledge graph'],
	drawIssues: (params) => rowIssues(params, networkBinding)
};
