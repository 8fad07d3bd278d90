/** The sankey's rows form: `data` rows, one per flow, `from`, `to` and `value` naming its columns. */
import { rowForm } from '../shared/row-binding';
import type { SankeyParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `links`. */
export const sankeyRows = rowForm<SankeyParams, 'links'>('links', {
	from: { key: 'source', description: 'the node each flow leaves', required: true },
	to: { key: 'target', description: 'the node each flow reaches', required: true },
	value: { key: 'value', description: 'the amount of each flow (a positive number)', numeric: true, required: true }
});
