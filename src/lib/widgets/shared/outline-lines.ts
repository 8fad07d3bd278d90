/**
 * Size estimates for collapsible outlines (the json and tree widgets): how many lines show
 * when levels down to `expandDepth` start open, and how wide the longest of them is.
 */

/** Lines shown and the widest line, in characters, of an outline opened to `expandDepth`. */
export type OutlineExtent = { lines: number; widest: number };

/** Stops counting here: an outline this long gets the tallest frame anyway. */
const enoughLines = 60;

/**
 * Walks an outline whose node at `depth` has the text length `width(node)` and the children
 * `children(node)`; children show while `depth < expandDepth`.
 */
export function outlineExtent<Node>(
	root: Node,
	expandDepth: number,
	width: (node: Node) => number,
	children: (node: Node) => readonly Node[]
): OutlineExtent {
	const extent: OutlineExtent = { lines: 0, widest: 0 };
	const visit = (node: Node, depth: number) => {
		if (extent.lines >= enoughLines) return;
		extent.lines += 1;
		extent.widest = Math.max(extent.widest, depth * 2 + width(node));
		if (depth < expandDepth) for (const child of children(node)) visit(child, depth + 1);
	};
	visit(root, 0);
	return extent;
}

/** The open depth a widget's `expandDepth` param asks for (2 when unset or not a number). */
export function expandDepthOf(value: unknown): number {
	return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 2;
}
