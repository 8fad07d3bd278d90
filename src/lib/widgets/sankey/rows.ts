/** The sankey's rows form: `data` rows, one per flow, `from`, `to` and `value` naming its columns. */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { SankeyParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const sankeyBinding: RowBinding = {
	from: { key: 'source', description: 'the node each flow leaves', required: true },
	to: { key: 'target', description: 'the node each flow reaches', required: true },
	value: { key: 'value', description: 'the amount of each flow (a positive number)', numeric: true, required: true }
};

/** Params with the links the rows of `data` make appended to `links`. */
export function sankeyWithRows(params: SankeyParams): SankeyParams {
	return withRows(params, 'links', sankeyBinding);
}
