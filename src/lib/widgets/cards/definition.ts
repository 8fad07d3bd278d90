/** `cards`: a grid of items, each with image, title, subtitle, text and link. */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { cardsBinding, cardsWithRows } from './rows';
import { list, object, text, title, url } from '../shared/schema';
import { frameFor } from '../shared/natural-size';

export type CardItem = {
	title: string;
	subtitle?: string;
	description?: string;
	image?: string;
	imageAlt?: string;
	url?: string;
	badges?: string[];
};
export type CardsParams = RowParams & {
	cards?: CardItem[];
	label?: string;
	subtitle?: string;
	description?: string;
	image?: string;
	imageAlt?: string;
	url?: string;
	title?: string;
};

export const cardsDefinition: WidgetDefinition<CardsParams> = {
	name: 'cards',
	title: 'Cards',
	description:
		'A responsive grid of cards — products, places, articles, people — each with optional image, subtitle, text, badges and link.',
	category: 'media',
	schema: {
		...object({
			cards: list(
				object(
					{
						title: text('Card title', 300),
						subtitle: text('Second line (price, date, role)', 300),
						description: text('A sentence or two', 2000),
						image: url('Image URL (allowed hosts only)'),
						imageAlt: text('What the image shows', 300),
						url: url('Link opened by the card title'),
						badges: list(text('Badge', 40), 'Short labels', { max: 8 })
					},
					['title']
				),
				'The cards',
				{ max: 500 }
			),
			...rowProperties(cardsBinding, 500, 'Rows as a query returns them, one per card'),
			title
		}),
		...itemsOrRows('cards', cardsBinding)
	},
	example: {
		cards: [
			{
				title: 'Lofoten Islands',
				subtitle: 'Norway · 5 days',
				description: 'Dramatic peaks, fishing villages and midnight sun in summer.',
				badges: ['hiking', 'coast'],
				url: 'https://en.wikipedia.org/wiki/Lofoten',
				image: '/examples/village.png',
				imageAlt: 'Illustration of red fishing huts below steep peaks'
			},
			{
				title: 'Lake Bled',
				subtitle: 'Slovenia · 2 days',
				description: 'A glacial lake with an island church and a cliff-top castle.',
				badges: ['lakes'],
				url: 'https://en.wikipedia.org/wiki/Lake_Bled'
			},
			{
				title: 'Cinque Terre',
				subtitle: 'Italy · 3 days',
				description: 'Five cliffside villages linked by coastal trails.',
				badges: ['coast', 'food'],
				url: 'https://en.wikipedia.org/wiki/Cinque_Terre'
			}
		]
	},
	recipe: {
		whenToUse:
			'A handful to a few dozen items the reader browses visually: products, places, articles, search results with images. For exact comparison of fields use data-table; for one person use profile.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `label` names the column of each card\'s title (`subtitle`, `description`, `image`, `imageAlt`, `url` columns optional). Written out instead: Each card needs `title`; add `subtitle`, `description` (1–2 sentences), `image` (allowed hosts) with `imageAlt`, `url`, and `badges`. Cards without images are fine.'
	},
	defaultSize: { w: 620, h: 340 },
	naturalSize: (raw) => {
		const cards = cardsWithRows(raw).cards ?? [];
		const columns = Math.min(3, Math.max(1, cards.length));
		const rows = Math.ceil(cards.length / columns);
		const imaged = cards.some((card) => card.image);
		return frameFor(columns * 220 + 32, rows * (imaged ? 330 : 190) + 24);
	},
	keywords: ['cards', 'grid', 'tiles', 'products', 'catalog', 'results', 'items'],
	drawIssues: (params) => rowIssues(params, cardsBinding)
};
