/** The link list's rows form: `data` rows, one per link, `label` and `url` naming its title and address columns. */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { LinkListParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const linkListBinding: RowBinding = {
	label: { key: 'title', description: 'the title of each link', required: true },
	url: { key: 'url', description: 'the https URL of each link', required: true },
	description: { key: 'description', description: 'a sentence about each page' },
	site: { key: 'source', description: 'the site or publisher of each link' },
	date: { key: 'date', description: 'the publication date of each link' }
};

/** Params with the links the rows of `data` make appended to `links`. */
export function linkListWithRows(params: LinkListParams): LinkListParams {
	return withRows(params, 'links', linkListBinding);
}
