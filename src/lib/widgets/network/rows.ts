/** The network's rows form: `data` rows, one per link, `from` and `to` naming the columns of its two ends. */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { NetworkParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const networkBinding: RowBinding = {
	from: { key: 'source', description: 'the node each link starts from', required: true },
	to: { key: 'target', description: 'the node each link goes to', required: true },
	value: { key: 'value', description: 'the strength of each link (line width)', numeric: true },
	label: { key: 'label', description: 'the relation each link stands for' }
};

/** Params with the links the rows of `data` make appended to `links`. */
export function networkWithRows(params: NetworkParams): NetworkParams {
	return withRows(params, 'links', networkBinding);
}
