/** The gallery's rows form: `data` rows, one per image, `src` and `alt` naming the columns of its URL and description. */
import { rowForm } from '../shared/row-binding';
import type { GalleryParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `images`. */
export const galleryRows = rowForm<GalleryParams, 'images'>('images', {
	src: { key: 'src', description: 'the URL of each image', required: true },
	alt: { key: 'alt', description: 'what each image shows', required: true },
	caption: { key: 'caption', description: 'the caption of each image' },
	credit: { key: 'credit', description: 'the credit of each image' }
});
