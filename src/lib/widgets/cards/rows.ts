/** The cards' rows form: `data` rows, one per card, `label` naming the column of its title. */
import { rowForm } from '../shared/row-binding';
import type { CardsParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `cards`. */
export const cardsRows = rowForm<CardsParams, 'cards'>('cards', {
	label: { key: 'title', description: 'the title of each card', required: true },
	subtitle: { key: 'subtitle', description: 'the second line of each card' },
	description: { key: 'description', description: 'a sentence or two on each card' },
	image: { key: 'image', description: 'the image URL of each card' },
	imageAlt: { key: 'imageAlt', description: 'what each image shows' },
	url: { key: 'url', description: 'the link of each card' }
});
