/** `image`: one picture with caption and credit. */
import type { WidgetDefinition } from '../types';
import { object, oneOf, text, title, url } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type ImageParams = {
	src: string;
	alt: string;
	caption?: string;
	credit?: string;
	fit?: 'cover' | 'contain';
	link?: string;
	title?: string;
};

export const imageDefinition: WidgetDefinition<ImageParams> = {
	name: 'image',
	title: 'Image',
	description: 'One picture (photo, diagram, map, logo) with alt text, caption and credit.',
	category: 'media',
	schema: object(
		{
			src: url('Image URL: https from an allowed host, same-origin, or data:image/png|jpeg|gif|webp'),
			alt: text('What the image shows, for people who cannot see it (required)', 500),
			caption: text('Caption under the image', 1000),
			credit: text('Author / source credit', 200),
			fit: oneOf(['contain', 'cover'], 'contain shows the whole image (default), cover fills the frame'),
			link: url('Page the caption links to (e.g. the source)'),
			title
		},
		['src', 'alt']
	),
	example: {
		src: '/examples/harbour.png',
		alt: 'Illustration of colourful wooden warehouses with gabled roofs along a harbour',
		caption: 'Bryggen, the old Hanseatic wharf in Bergen, Norway.',
		credit: 'Illustration: AutoUI',
		link: 'https://en.wikipedia.org/wiki/Bryggen'
	},
	recipe: {
		whenToUse:
			'A single picture that helps the answer: a photo, a diagram, a logo, a chart image from a source. For several pictures use gallery; for items with text use cards.',
		howToUse:
			'`src` must be https on an allowed host (Wikimedia, Unsplash, GitHub avatars…) or a data:image URL; other hosts show a placeholder. Always write a meaningful `alt`. Add `caption` and `credit` for sources.'
	},
	defaultSize: { w: 420, h: 340 },
	naturalSize: (params) =>
		frameFor(420, 280 + (textLines(params.caption, 388) + textLines(params.credit, 388)) * 19 + 16),
	keywords: ['image', 'picture', 'photo', 'illustration', 'figure', 'logo']
};
