/**
 * A row budget for model-supplied Vega-Lite specs. A spec of a few hundred characters can ask
 * Vega to generate millions of rows (`data.sequence` to 2,000,000, a `graticule` with a tiny
 * step, a `density` with a million steps, a `fold` over many fields, an `impute` over a
 * generated key sequence, bins or quantiles with a tiny step) and freeze or crash the tab.
 * This walks the spec statically and estimates the rows each data source and transform can
 * produce; a spec over ROW_BUDGET is refused with a message that says which part and how to
 * fix it. The estimate is an upper bound where the data is not known (inline values are
 * counted exactly). Arrays built by expressions (`calculate: "sequence(0, 3000000)"` then
 * `flatten`, `split(pad(…))`) are counted, any expression generator over the budget is
 * refused wherever it stands, and the views of a composition (layer, concat, repeat) count
 * together: the chart draws all of them.
 */
import { isPlainObject } from '$lib/shared';
import { generatedSize, stringsOf } from './expression-budget';

/** The most rows a chart may generate or hold at any step. */
export const ROW_BUDGET = 200_000;

/** One part of a spec that is over the budget. */
export interface BudgetIssue {
	/** JSON pointer into the spec. */
	path: string;
	rows: number;
	message: string;
}

const format = (count: number) => (Number.isFinite(count) ? Math.round(count).toLocaleString('en-US') : 'unbounded');

function num(value: unknown, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** How many values `{ start, stop, step }` generates (Vega's sequence semantics). */
export function sequenceLength(sequence: Record<string, unknown>): number {
	const start = num(sequence.start, 0);
	const stop = num(sequence.stop, 0);
	const step = num(sequence.step, 1);
	if (step === 0) return stop === start ? 0 : Infinity;
	const count = Math.ceil((stop - start) / step);
	return Number.isFinite(count) ? Math.max(0, count) : Infinity;
}

function graticuleLines(graticule: unknown): number {
	if (!isPlainObject(graticule)) return 0;
	const step = Array.isArray(graticule.stepMinor)
		? graticule.stepMinor
		: Array.isArray(graticule.step)
			? graticule.step
			: [10, 10];
	const [dx, dy] = [num(step[0], 10), num(step[1], 10)];
	if (dx <= 0 || dy <= 0) return Infinity;
	return 360 / dx + 180 / dy;
}

/** Rows of a `data` object: exact for inline values and generators; `inherited` otherwise. */
function dataRows(data: unknown, inherited: number, datasets: Record<string, number>): number {
	if (!isPlainObject(data)) return inherited;
	if (Array.isArray(data.values)) return data.values.length;
	if (isPlainObject(data.sequence)) return sequenceLength(data.sequence);
	if (data.graticule !== undefined) return graticuleLines(data.graticule) * 100;
	if (typeof data.name === 'string' && data.name in datasets) return datasets[data.name];
	return inherited;
}

/** The largest array a field holds over the inline rows (for flatten). */
function longestArray(values: unknown, fields: unknown[]): number {
	if (!Array.isArray(values)) return 1;
	let total = 0;
	for (const row of values) {
		if (!isPlainObject(row)) continue;
		let longest = 0;
		for (const field of fields) {
			const cell = typeof field === 'string' ? row[field] : undefined;
			if (Array.isArray(cell)) longest = Math.max(longest, cell.length);
		}
		total += longest;
	}
	return total;
}

/** Bins a `bin` definition can create, when its step and extent are known. */
function binCount(bin: unknown): number {
	if (!isPlainObject(bin)) return 0;
	if (typeof bin.maxbins === 'number') return bin.maxbins;
	const step = num(bin.step, 0);
	if (step > 0 && Array.isArray(bin.extent) && bin.extent.length === 2) {
		return Math.abs(num(bin.extent[1], 0) - num(bin.extent[0], 0)) / step;
	}
	if (bin.step !== undefined && step <= 0) return Infinity;
	return 0;
}

/**
 * How many groups a `groupby` can make: the distinct values when the fields are inline or
 * derived by a fold (its key field has one value per folded field), else at most 1,000.
 */
function groupCount(groupby: unknown, rows: number, values: unknown, derived: Map<string, number>): number {
	if (!Array.isArray(groupby) || !groupby.length) return 1;
	let product = 1;
	for (const field of groupby) {
		if (typeof field !== 'string') continue;
		let distinct = derived.get(field);
		if (distinct === undefined && Array.isArray(values) && values.some((row) => isPlainObject(row) && field in row)) {
			distinct = new Set(values.map((row) => (isPlainObject(row) ? JSON.stringify(row[field]) : ''))).size;
		}
		product *= distinct ?? Math.min(Math.max(1, rows), 1_000);
	}
	return Math.min(product, Math.max(1, rows));
}

/** Rows after one transform, given `rows` before it and the node's inline values. */
function afterTransform(
	transform: Record<string, unknown>,
	rows: number,
	values: unknown,
	derived: Map<string, number>,
	arrays: Map<string, number>
): number {
	if (typeof transform.calculate === 'string' && typeof transform.as === 'string') {
		const size = generatedSize(transform.calculate);
		if (size > 0) arrays.set(transform.as, size);
		else arrays.delete(transform.as);
		return rows;
	}
	if (
		Array.isArray(transform.flatten) &&
		transform.flatten.some((field) => typeof field === 'string' && arrays.has(field))
	) {
		const longest = Math.max(
			...transform.flatten.map((field) => (typeof field === 'string' ? (arrays.get(field) ?? 0) : 0))
		);
		return Math.max(1, rows) * longest;
	}
	if (Array.isArray(transform.fold)) {
		const key = Array.isArray(transform.as) && typeof transform.as[0] === 'string' ? transform.as[0] : 'key';
		derived.set(key, transform.fold.length);
		return rows * Math.max(1, transform.fold.length);
	}
	if (Array.isArray(transform.flatten))
		return Array.isArray(values) ? Math.max(rows, longestArray(values, transform.flatten)) : rows * 100;
	if (typeof transform.density === 'string' || typeof transform.kde === 'string') {
		const steps = Math.max(num(transform.steps, 0), num(transform.maxsteps, 200), num(transform.minsteps, 25));
		return groupCount(transform.groupby, rows, values, derived) * steps;
	}
	if (typeof transform.quantile === 'string') {
		const count = Array.isArray(transform.probs)
			? transform.probs.length
			: num(transform.step, 0.01) > 0
				? 1 / num(transform.step, 0.01)
				: Infinity;
		return groupCount(transform.groupby, rows, values, derived) * count;
	}
	if (typeof transform.impute === 'string' && isPlainObject(transform.keyvals)) {
		return Math.max(rows, sequenceLength(transform.keyvals) * groupCount(transform.groupby, rows, values, derived));
	}
	if (transform.bin !== undefined) return Math.max(rows, binCount(transform.bin));
	return rows;
}

/** How many copies of its `spec` a `repeat` draws. */
function repeatCount(repeat: unknown): number {
	if (Array.isArray(repeat)) return Math.max(1, repeat.length);
	if (!isPlainObject(repeat)) return 1;
	const count = (key: string) => (Array.isArray(repeat[key]) ? Math.max(1, (repeat[key] as unknown[]).length) : 1);
	return count('row') * count('column') * (Array.isArray(repeat.layer) ? Math.max(1, repeat.layer.length) : 1);
}

/**
 * Every part of `spec` whose rows would exceed `budget`. Views inherit their parent's data;
 * layers, concatenations, facets and repeats are walked.
 */
export function rowBudgetIssues(spec: unknown, budget = ROW_BUDGET): BudgetIssue[] {
	const issues: BudgetIssue[] = [];
	const datasets: Record<string, number> = {};
	if (isPlainObject(spec) && isPlainObject(spec.datasets)) {
		for (const [name, values] of Object.entries(spec.datasets))
			datasets[name] = Array.isArray(values) ? values.length : 0;
	}
	const over = (path: string, rows: number, what: string, fix: string) => {
		if (rows > budget)
			issues.push({
				path,
				rows,
				message: `${what} would make ${format(rows)} rows; charts allow at most ${format(budget)}. ${fix}`
			});
	};
	for (const [path, text] of stringsOf(spec)) {
		if (!/\b(sequence|pad)\s*\(/.test(text)) continue;
		over(
			path,
			generatedSize(text),
			'An expression (sequence() or pad())',
			'Use number literals and a smaller size, or compute the values before charting them.'
		);
	}
	// Every view draws its rows: a layer or concatenation of views counts them all.
	let drawn = 0;

	const visit = (
		node: unknown,
		path: string,
		inherited: number,
		inheritedValues: unknown,
		depth: number,
		copies: number
	) => {
		if (!isPlainObject(node) || depth > 20) return;
		const data = node.data;
		let rows = dataRows(data, inherited, datasets);
		const values = isPlainObject(data) && Array.isArray(data.values) ? data.values : inheritedValues;
		if (isPlainObject(data) && isPlainObject(data.sequence))
			over(
				`${path}/data/sequence`,
				rows,
				'data.sequence',
				'Use a smaller range or a larger step, or aggregate the data before charting it.'
			);
		if (isPlainObject(data) && data.graticule !== undefined)
			over(`${path}/data/graticule`, rows, 'data.graticule', 'Use a larger step.');
		if (Array.isArray(node.transform)) {
			const derived = new Map<string, number>();
			const arrays = new Map<string, number>();
			node.transform.forEach((transform, index) => {
				if (!isPlainObject(transform)) return;
				const kind =
					Object.keys(transform).find((key) =>
						['fold', 'flatten', 'density', 'kde', 'quantile', 'impute', 'bin'].includes(key)
					) ?? 'transform';
				rows = afterTransform(transform, rows, values, derived, arrays);
				over(
					`${path}/transform/${index}`,
					rows,
					`The ${kind} transform`,
					'Use fewer steps, fewer fields or a coarser step.'
				);
			});
		}
		if (isPlainObject(node.encoding)) {
			for (const [channel, definition] of Object.entries(node.encoding)) {
				if (isPlainObject(definition) && definition.bin !== undefined) {
					over(
						`${path}/encoding/${channel}/bin`,
						binCount(definition.bin),
						`Binning ${channel}`,
						'Use maxbins ≤ 200 or a larger step.'
					);
				}
			}
		}
		if (node.mark !== undefined) drawn += rows * copies;
		for (const key of ['layer', 'hconcat', 'vconcat', 'concat']) {
			const children = node[key];
			if (Array.isArray(children))
				children.forEach((child, index) => visit(child, `${path}/${key}/${index}`, rows, values, depth + 1, copies));
		}
		if (isPlainObject(node.spec))
			visit(node.spec, `${path}/spec`, rows, values, depth + 1, copies * repeatCount(node.repeat));
	};
	visit(spec, '', 0, undefined, 0, 1);
	if (issues.length === 0)
		over('', drawn, 'The views of this chart together', 'Draw fewer views or aggregate the data first.');
	return issues;
}
