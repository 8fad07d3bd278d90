/** `gallery`: several images as thumbnails with a keyboard-friendly lightbox. */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { galleryBinding } from './rows';
import { list, object, text, title, url } from '../shared/schema';
import { galleryWithRows } from './rows';
import { frameFor } from '../shared/natural-size';

export type GalleryImage = { src: string; alt: string; caption?: string; credit?: string };
export type GalleryParams = RowParams & {
	images?: GalleryImage[];
	src?: string;
	alt?: string;
	caption?: string;
	credit?: string;
	title?: string;
};

export const galleryDefinition: WidgetDefinition<GalleryParams> = {
	name: 'gallery',
	title: 'Image gallery',
	description:
		'Several images as a thumbnail grid; clicking one opens a lightbox with captions and arrow-key navigation.',
	category: 'media',
	schema: {
		...object({
			images: list(
				object(
					{
						src: url('Image URL (allowed hosts only)'),
						alt: text('What the image shows', 500),
						caption: text('Caption', 1000),
						credit: text('Credit', 200)
					},
					['src', 'alt']
				),
				'The images',
				{ min: 1, max: 200 }
			),
			...rowProperties(galleryBinding, 200, 'Rows as a query returns them, one per image'),
			title
		}),
		...itemsOrRows('images', galleryBinding)
	},
	example: {
		images: [
			{
				src: '/examples/harbour-small.png',
				alt: 'Illustration of wooden warehouses along a harbour',
				caption: 'Bryggen, Bergen'
			},
			{
				src: '/examples/village.png',
				alt: 'Illustration of red fishing huts below steep peaks',
				caption: 'Reine, Lofoten'
			},
			{
				src: '/examples/fjord.png',
				alt: 'Illustration of a narrow fjord between high cliffs',
				caption: 'Geirangerfjord'
			},
			{
				src: '/examples/cliff.png',
				alt: 'Illustration of a flat cliff top high above a fjord',
				caption: 'Preikestolen'
			}
		]
	},
	recipe: {
		whenToUse:
			'Several related pictures to browse (places, products, artworks). For one image use image; for items with text and links use cards.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `src` and `alt` name the columns of each image\'s URL and description (`caption`, `credit` optional). Written out instead: `images` with `src` (allowed hosts) and a meaningful `alt`; `caption` and `credit` show in the lightbox. Readers open an image by click or Enter and move with the arrow keys; Escape closes.'
	},
	defaultSize: { w: 520, h: 320 },
	naturalSize: (raw) => {
		const count = Math.max(1, (galleryWithRows(raw).images ?? []).length);
		const columns = Math.min(4, count);
		return frameFor(Math.max(320, columns * 148 + 40), Math.ceil(count / columns) * 148 + 40);
	},
	keywords: ['gallery', 'photos', 'images', 'lightbox', 'album', 'slideshow', 'pictures'],
	drawIssues: (params) => rowIssues(params, galleryBinding)
};
