/**
 * The tree's rows form: `data` rows (e.g. a GROUP BY over several columns) and `levels`, the
 * columns that nest, outermost first. Each distinct value becomes a node under its parent;
 * `value` names a number column summed up the tree. One root, named `rootLabel`, holds it all.
 */
import type { DrawIssue } from '../types';
import { fieldIssues } from '../charts/field-check';
import { rowsOf } from '../charts/prepare';
import { toNumber, toText } from '../shared/values';
import type { TreeNode, TreeParams } from './definition';

type Building = { name: string; value?: number; children: Map<string, Building> };

function finish(node: Building): TreeNode {
	const children = [...node.children.values()].map(finish);
	return {
		name: node.name,
		...(node.value !== undefined ? { value: node.value } : {}),
		...(children.length ? { children } : {})
	};
}

/** Params whose `root` is the tree the rows make (params without `data` stay as they are). */
export function treeWithRows(params: TreeParams): TreeParams {
	if (!Array.isArray(params.data) || !Array.isArray(params.levels) || !params.levels.length) return params;
	const levels = params.levels;
	const root: Building = { name: params.rootLabel || 'All', children: new Map() };
	for (const row of rowsOf(params.data)) {
		const amount = params.value ? toNumber(row[params.value]) : undefined;
		let node = root;
		const path = [root];
		for (const level of levels) {
			const name = toText(row[level]) || '(none)';
			let child = node.children.get(name);
			if (!child) node.children.set(name, (child = { name, children: new Map() }));
			node = child;
			path.push(node);
		}
		if (amount !== undefined) for (const step of path) step.value = (step.value ?? 0) + amount;
	}
	return { ...params, root: finish(root) };
}

/** Level or value columns absent from the rows, a value column without numbers. */
export function treeRowIssues(params: TreeParams): DrawIssue[] {
	if (!Array.isArray(params.data)) return [];
	return fieldIssues(params.data, [
		{ path: '/levels', names: params.levels ?? [] },
		{ path: '/value', names: params.value, numeric: true }
	]);
}
