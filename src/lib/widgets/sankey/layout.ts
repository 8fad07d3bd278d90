/**
 * Sankey layout with d3-sankey, kept framework-free: validates links (unknown ids, cycles,
 * non-positive values) into readable problems and returns positioned nodes and link paths.
 */
import { sankey, sankeyLinkHorizontal, type SankeyGraph } from 'd3-sankey';
import { isPlainObject } from '$lib/shared';
import { toArray, toNumber, toText } from '../shared/values';
import type { SankeyParams } from './definition';

type NodeDatum = { id: string; label: string };
type LinkDatum = { source: string; target: string; value: number };

export type SankeyLayout = {
	nodes: Array<{
		id: string;
		label: string;
		x0: number;
		x1: number;
		y0: number;
		y1: number;
		value: number;
		index: number;
	}>;
	links: Array<{ path: string; width: number; source: string; target: string; value: number; color: number }>;
	problems: string[];
};

/** Lays out the flows in a `width` × `height` box. */
export function layoutSankey(params: SankeyParams, width: number, height: number): SankeyLayout {
	const problems: string[] = [];
	const labels = new Map<string, string>();
	for (const node of toArray<Record<string, unknown>>(params.nodes).filter(isPlainObject))
		labels.set(toText(node.id), toText(node.label ?? node.id));
	const links: LinkDatum[] = [];
	for (const link of toArray<Record<string, unknown>>(params.links).filter(isPlainObject)) {
		const value = toNumber(link.value);
		const source = toText(link.source);
		const target = toText(link.target);
		if (value === undefined || value <= 0) continue;
		if (source === target) {
			problems.push(`a flow from "${source}" to itself was left out`);
			continue;
		}
		links.push({ source, target, value });
	}
	const ids = new Set(links.flatMap((link) => [link.source, link.target]));
	const nodes: NodeDatum[] = [...ids].map((id) => ({ id, label: labels.get(id) ?? id }));
	if (!links.length) return { nodes: [], links: [], problems };
	const generator = sankey<NodeDatum, LinkDatum>()
		.nodeId((node) => node.id)
		.nodeWidth(12)
		.nodePadding(Math.max(4, Math.min(16, height / (nodes.length + 1))))
		.extent([
			[1, 4],
			[Math.max(10, width - 1), Math.max(10, height - 4)]
		]);
	let graph: SankeyGraph<NodeDatum, LinkDatum>;
	try {
		graph = generator({ nodes: nodes.map((node) => ({ ...node })), links: links.map((link) => ({ ...link })) });
	} catch (error) {
		const message = String((error as Error)?.message ?? error);
		return {
			nodes: [],
			links: [],
			problems: [
				...problems,
				/circular/i.test(message) ? 'the flows form a cycle; a sankey needs flows that only move forward' : message
			]
		};
	}
	const path = sankeyLinkHorizontal();
	const order = new Map(graph.nodes.map((node, index) => [node.id, index]));
	return {
		nodes: graph.nodes.map((node, index) => ({
			id: node.id,
			label: node.label,
			x0: node.x0 ?? 0,
			x1: node.x1 ?? 0,
			y0: node.y0 ?? 0,
			y1: node.y1 ?? 0,
			value: node.value ?? 0,
			index
		})),
		links: graph.links.map((link) => {
			const source = (link.source as unknown as NodeDatum).id;
			return {
				path: path(link as never) ?? '',
				width: Math.max(1, link.width ?? 1),
				source,
				target: (link.target as unknown as NodeDatum).id,
				value: link.value,
				color: (order.get(source) ?? 0) % 8
			};
		}),
		problems
	};
}
