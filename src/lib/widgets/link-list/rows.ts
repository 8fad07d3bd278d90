/** The link list's rows form: `data` rows, one per link, `label` and `url` naming its title and address columns. */
import { rowForm } from '../shared/row-binding';
import type { LinkListParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `links`. */
export const linkListRows = rowForm<LinkListParams, 'links'>('links', {
	label: { key: 'title', description: 'the title of each link', required: true },
	url: { key: 'url', description: 'the https URL of each link', required: true },
	description: { key: 'description', description: 'a sentence about each page' },
	site: { key: 'source', description: 'the site or publisher of each link' },
	date: { key: 'date', description: 'the publication date of each link' }
});
