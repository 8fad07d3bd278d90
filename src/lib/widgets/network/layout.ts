/**
 * Force-directed layout with d3-force, run to rest synchronously (no animation, no timers),
 * then scaled into the given box. Framework-free so it can be tested and reused.
 */
import {
	forceCenter,
	forceCollide,
	forceLink,
	forceManyBody,
	forceSimulation,
	forceX,
	forceY,
	type SimulationNodeDatum
} from 'd3-force';
import { isPlainObject } from '$lib/shared';
import { toArray, toNumber, toText } from '../shared/values';
import type { NetworkParams } from './definition';

type Node = SimulationNodeDatum & { id: string; label: string; group: string; radius: number };

export type NetworkLayout = {
	nodes: Array<{
		id: string;
		label: string;
		group: string;
		x: number;
		y: number;
		radius: number;
		groupIndex: number;
		degree: number;
	}>;
	links: Array<{
		x1: number;
		y1: number;
		x2: number;
		y2: number;
		width: number;
		label: string;
		source: string;
		target: string;
	}>;
	groups: string[];
};

/** Positions nodes in `width` × `height`; deterministic for the same input. */
export function layoutNetwork(params: NetworkParams, width: number, height: number): NetworkLayout {
	const nodes = new Map<string, Node>();
	const add = (id: string, extra: Record<string, unknown> = {}) => {
		if (nodes.has(id) && !Object.keys(extra).length) return;
		const size = toNumber(extra.size);
		nodes.set(id, {
			id,
			label: toText(extra.label) || id,
			group: toText(extra.group),
			radius: 5 + Math.min(14, (size ?? 1) * 2.5)
		});
	};
	for (const node of toArray<Record<string, unknown>>(params.nodes).filter(isPlainObject)) add(toText(node.id), node);
	const links = toArray<Record<string, unknown>>(params.links)
		.filter(isPlainObject)
		.map((link) => ({
			source: toText(link.source),
			target: toText(link.target),
			value: toNumber(link.value) ?? 1,
			label: toText(link.label)
		}))
		.filter((link) => link.source && link.target);
	for (const link of links) {
		add(link.source);
		add(link.target);
	}
	const list = [...nodes.values()];
	// Deterministic start: a circle, so the same data always gives the same picture.
	list.forEach((node, index) => {
		const angle = (index / Math.max(1, list.length)) * Math.PI * 2;
		node.x = Math.cos(angle) * 100;
		node.y = Math.sin(angle) * 100;
	});
	const simulationLinks = links.map((link) => ({ ...link }));
	const simulation = forceSimulation<Node>(list)
		.force('charge', forceManyBody<Node>().strength(list.length > 300 ? -20 : -120))
		.force(
			'link',
			forceLink<Node, (typeof simulationLinks)[number] & { source: string | Node; target: string | Node }>(
				simulationLinks
			)
				.id((node) => node.id)
				.distance(60)
		)
		.force(
			'collide',
			forceCollide<Node>().radius((node) => node.radius + 4)
		)
		.force('x', forceX<Node>(0).strength(0.05))
		.force('y', forceY<Node>(0).strength(0.05))
		.force('center', forceCenter(0, 0))
		.stop();
	const ticks = Math.min(300, Math.ceil(Math.log(simulation.alphaMin()) / Math.log(1 - simulation.alphaDecay())));
	for (let tick = 0; tick < ticks; tick++) simulation.tick();

	const xs = list.map((node) => node.x ?? 0);
	const ys = list.map((node) => node.y ?? 0);
	const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
	const margin = 40;
	const scale = Math.min(
		(width - 2 * margin) / Math.max(1, maxX - minX),
		(height - 2 * margin) / Math.max(1, maxY - minY),
		2.5
	);
	const offsetX = width / 2 - ((minX + maxX) / 2) * scale;
	const offsetY = height / 2 - ((minY + maxY) / 2) * scale;
	const place = (node: Node) => ({ x: (node.x ?? 0) * scale + offsetX, y: (node.y ?? 0) * scale + offsetY });
	const groups = [...new Set(list.map((node) => node.group).filter(Boolean))];
	const degree = new Map<string, number>();
	for (const link of links) for (const end of [link.source, link.target]) degree.set(end, (degree.get(end) ?? 0) + 1);
	const maxValue = Math.max(1, ...links.map((link) => link.value));
	return {
		nodes: list.map((node) => ({
			id: node.id,
			label: node.label,
			group: node.group,
			radius: node.radius,
			groupIndex: node.group ? groups.indexOf(node.group) : 0,
			degree: degree.get(node.id) ?? 0,
			...place(node)
		})),
		links: simulationLinks.map((link) => {
			const source = place(link.source as unknown as Node);
			const target = place(link.target as unknown as Node);
			return {
				x1: source.x,
				y1: source.y,
				x2: target.x,
				y2: target.y,
				width: 1 + (2.5 * link.value) / maxValue,
				label: link.label,
				source: (link.source as unknown as Node).id,
				target: (link.target as unknown as Node).id
			};
		}),
		groups
	};
}
