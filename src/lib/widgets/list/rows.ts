/** The list's rows form: `data` rows, `text` naming the column of each item (`detail`, `url` optional). */
import { rowForm } from '../shared/row-binding';
import type { ListParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `items`. */
export const listRows = rowForm<ListParams, 'items'>('items', {
	text: { key: 'text', description: 'the text of each item', required: true },
	detail: { key: 'detail', description: 'a second line for each item' },
	url: { key: 'url', description: 'a link for each item' }
});
