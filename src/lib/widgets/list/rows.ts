/** The list's rows form: `data` rows, `text` naming the column of each item (`detail`, `url` optional). */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { ListParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const listBinding: RowBinding = {
	text: { key: 'text', description: 'the text of each item', required: true },
	detail: { key: 'detail', description: 'a second line for each item' },
	url: { key: 'url', description: 'a link for each item' }
};

/** Params with the items the rows of `data` make appended to `items`. */
export function listWithRows(params: ListParams): ListParams {
	return withRows(params, 'items', listBinding);
}
