/** The tags' rows form: `data` rows, one per tag, `label` naming its text column (`count` optional). */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { TagsParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const tagsBinding: RowBinding = {
	label: { key: 'label', description: 'the text of each tag', required: true },
	count: { key: 'count', description: 'how often each tag occurs', numeric: true }
};

/** Params with the tags the rows of `data` make appended to `tags`. */
export function tagsWithRows(params: TagsParams): TagsParams {
	return withRows(params, 'tags', tagsBinding);
}
