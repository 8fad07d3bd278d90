/** The tags' rows form: `data` rows, one per tag, `label` naming its text column (`count` optional). */
import { rowForm } from '../shared/row-binding';
import type { TagsParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `tags`. */
export const tagsRows = rowForm<TagsParams, 'tags'>('tags', {
	label: { key: 'label', description: 'the text of each tag', required: true },
	count: { key: 'count', description: 'how often each tag occurs', numeric: true }
});
