/**
 * A chart's picture with its title above it: the chart draws only its marks and axes, and
 * the title lives on the frame, so an exported chart would otherwise come without a name.
 */

/** Height of the title band, in CSS pixels. */
export const titleBand = 32;

function escapeXml(text: string): string {
	return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * `svg` (one `<svg>` document with a width and a height) inside a taller SVG with `title`
 * written above it; `svg` unchanged when its size cannot be read.
 */
export function svgWithTitle(svg: string, title: string, colour = '#1f2328'): string {
	const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
	const width = Number(/\swidth="([\d.]+)"/.exec(root)?.[1]);
	const height = Number(/\sheight="([\d.]+)"/.exec(root)?.[1]);
	if (!(width > 0 && height > 0) || !title.trim()) return svg;
	const inner = svg.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
	const total = height + titleBand;
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}">` +
		`<text x="8" y="21" font-family="system-ui, sans-serif" font-size="15" font-weight="600" fill="${escapeXml(colour)}">` +
		`${escapeXml(title.trim())}</text><g transform="translate(0 ${titleBand})">${inner}</g></svg>`
	);
}

/**
 * `png` (drawn at `scale` device pixels per CSS pixel) with a band above it holding `title`,
 * on `background`.
 */
export async function pngWithTitle(
	png: Blob,
	title: string,
	options: { scale: number; background: string; colour: string }
): Promise<Blob> {
	const bitmap = await createImageBitmap(png);
	const band = Math.round(titleBand * options.scale);
	const canvas = document.createElement('canvas');
	canvas.width = bitmap.width;
	canvas.height = bitmap.height + band;
	const context = canvas.getContext('2d');
	if (!context) return png;
	context.fillStyle = options.background;
	context.fillRect(0, 0, canvas.width, canvas.height);
	context.fillStyle = options.colour;
	context.font = `600 ${15 * options.scale}px system-ui, sans-serif`;
	context.textBaseline = 'alphabetic';
	context.fillText(title.trim(), 8 * options.scale, 21 * options.scale, canvas.width - 16 * options.scale);
	context.drawImage(bitmap, 0, band);
	bitmap.close();
	return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? png), 'image/png'));
}
