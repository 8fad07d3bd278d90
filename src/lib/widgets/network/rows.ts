/** The network's rows form: `data` rows, one per link, `from` and `to` naming the columns of its two ends. */
import { rowForm } from '../shared/row-binding';
import type { NetworkParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `links`. */
export const networkRows = rowForm<NetworkParams, 'links'>('links', {
	from: { key: 'source', description: 'the node each link starts from', required: true },
	to: { key: 'target', description: 'the node each link goes to', required: true },
	value: { key: 'value', description: 'the strength of each link (line width)', numeric: true },
	label: { key: 'label', description: 'the relation each link stands for' }
});
