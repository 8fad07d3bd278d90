/**
 * What a sankey cannot draw, found from params alone (without the layout library): flows
 * that form a cycle, and a flow from a node to itself. The renderer would otherwise show
 * "the flows form a cycle" after the model was told the widget was displayed.
 */
import { isPlainObject } from '$lib/shared';
import type { DrawIssue } from '../types';
import { toArray, toNumber, toText } from '../shared/values';
import { itemsFromRows, rowIssues } from '../shared/row-binding';
import type { SankeyParams } from './definition';
import { sankeyBinding } from './rows';

/**
 * The sankey's draw issues (see the module comment), for flows given as `links` and as rows
 * (whose named columns must exist first); a flow's path points at its link or its row.
 */
export function sankeyIssues(params: SankeyParams): DrawIssue[] {
	const columns = rowIssues(params, sankeyBinding);
	if (columns.length) return columns;
	const issues: DrawIssue[] = [];
	const next = new Map<string, string[]>();
	const flows = [
		...toArray<Record<string, unknown>>(params.links).map((link, index) => ({ link, path: `/links/${index}` })),
		...itemsFromRows(params, sankeyBinding).map((link, index) => ({ link, path: `/data/${index}` }))
	];
	flows.forEach(({ link, path }) => {
		if (!isPlainObject(link)) return;
		const value = toNumber(link.value);
		if (value === undefined || value <= 0) return;
		const source = toText(link.source);
		const target = toText(link.target);
		if (source === target) {
			issues.push({ path, message: `a flow from "${source}" to itself cannot be drawn; remove it` });
			return;
		}
		next.set(source, [...(next.get(source) ?? []), target]);
	});
	const cycle = findCycle(next);
	if (cycle)
		issues.push({
			path: params.links ? '/links' : '/data',
			message: `the flows form a cycle (${cycle.join(' → ')}); a sankey needs flows that only move forward — split a node (e.g. "A (before)" and "A (after)")`
		});
	return issues;
}

/** One cycle in the graph, as the nodes along it, or undefined. */
function findCycle(next: ReadonlyMap<string, string[]>): string[] | undefined {
	const state = new Map<string, 'open' | 'done'>();
	const trail: string[] = [];
	const visit = (node: string): string[] | undefined => {
		state.set(node, 'open');
		trail.push(node);
		for (const target of next.get(node) ?? []) {
			if (state.get(target) === 'open') return [...trail.slice(trail.indexOf(target)), target];
			if (!state.has(target)) {
				const found = visit(target);
				if (found) return found;
			}
		}
		trail.pop();
		state.set(node, 'done');
		return undefined;
	};
	for (const node of next.keys()) {
		if (state.has(node)) continue;
		const found = visit(node);
		if (found) return found;
	}
	return undefined;
}
