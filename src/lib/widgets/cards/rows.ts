/** The cards' rows form: `data` rows, one per card, `label` naming the column of its title. */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { CardsParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const cardsBinding: RowBinding = {
	label: { key: 'title', description: 'the title of each card', required: true },
	subtitle: { key: 'subtitle', description: 'the second line of each card' },
	description: { key: 'description', description: 'a sentence or two on each card' },
	image: { key: 'image', description: 'the image URL of each card' },
	imageAlt: { key: 'imageAlt', description: 'what each image shows' },
	url: { key: 'url', description: 'the link of each card' }
};

/** Params with the cards the rows of `data` make appended to `cards`. */
export function cardsWithRows(params: CardsParams): CardsParams {
	return withRows(params, 'cards', cardsBinding);
}
