/** The gallery's rows form: `data` rows, one per image, `src` and `alt` naming the columns of its URL and description. */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { GalleryParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const galleryBinding: RowBinding = {
	src: { key: 'src', description: 'the URL of each image', required: true },
	alt: { key: 'alt', description: 'what each image shows', required: true },
	caption: { key: 'caption', description: 'the caption of each image' },
	credit: { key: 'credit', description: 'the credit of each image' }
};

/** Params with the images the rows of `data` make appended to `images`. */
export function galleryWithRows(params: GalleryParams): GalleryParams {
	return withRows(params, 'images', galleryBinding);
}
