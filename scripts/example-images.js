// Draws the small illustrations the widget examples use (static/examples/*.png), so the
// gallery and the recipes never load third-party images. Flat shapes rasterised here and
// written as PNG with Node's zlib: run `node scripts/example-images.js` after changing them.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});
function crc32(buffer) {
	let c = 0xffffffff;
	for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/** A canvas of RGB pixels with a few drawing verbs. */
function canvas(width, height) {
	const pixels = new Uint8Array(width * height * 3);
	const set = (x, y, [r, g, b]) => {
		if (x < 0 || y < 0 || x >= width || y >= height) return;
		const offset = (y * width + x) * 3;
		pixels[offset] = r;
		pixels[offset + 1] = g;
		pixels[offset + 2] = b;
	};
	return {
		width,
		height,
		gradient(top, bottom, from = 0, to = height) {
			for (let y = from; y < to; y++) {
				const t = (y - from) / Math.max(1, to - from - 1);
				const color = top.map((value, index) => Math.round(value + (bottom[index] - value) * t));
				for (let x = 0; x < width; x++) set(x, y, color);
			}
		},
		rect(x0, y0, w, h, color) {
			for (let y = Math.round(y0); y < Math.round(y0 + h); y++)
				for (let x = Math.round(x0); x < Math.round(x0 + w); x++) set(x, y, color);
		},
		polygon(points, color) {
			const ys = points.map(([, y]) => y);
			for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
				const crossings = [];
				for (let i = 0; i < points.length; i++) {
					const [x1, y1] = points[i];
					const [x2, y2] = points[(i + 1) % points.length];
					if ((y1 <= y && y2 > y) || (y2 <= y && y1 > y)) crossings.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1));
				}
				crossings.sort((a, b) => a - b);
				for (let i = 0; i + 1 < crossings.length; i += 2)
					for (let x = Math.round(crossings[i]); x < Math.round(crossings[i + 1]); x++) set(x, y, color);
			}
		},
		circle(cx, cy, radius, color) {
			for (let y = Math.floor(cy - radius); y <= cy + radius; y++)
				for (let x = Math.floor(cx - radius); x <= cx + radius; x++)
					if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) set(x, y, color);
		},
		png() {
			const header = Buffer.alloc(13);
			header.writeUInt32BE(width, 0);
			header.writeUInt32BE(height, 4);
			header[8] = 8;
			header[9] = 2;
			const raw = Buffer.alloc((width * 3 + 1) * height);
			for (let y = 0; y < height; y++)
				Buffer.from(pixels.buffer, y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
			return Buffer.concat([
				Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
				chunk('IHDR', header),
				chunk('IDAT', deflateSync(raw, { level: 9 })),
				chunk('IEND', Buffer.alloc(0))
			]);
		}
	};
}

/** Wooden warehouses with gabled roofs along a quay. */
function harbour(width, height) {
	const c = canvas(width, height);
	const s = width / 320;
	c.gradient([126, 178, 221], [214, 232, 245], 0, Math.round(120 * s));
	c.polygon(
		[
			[0, 70 * s],
			[90 * s, 40 * s],
			[170 * s, 66 * s],
			[250 * s, 36 * s],
			[320 * s, 60 * s],
			[320 * s, 120 * s],
			[0, 120 * s]
		],
		[92, 122, 96]
	);
	const colors = [
		[178, 58, 44],
		[226, 178, 72],
		[236, 226, 204],
		[164, 72, 44],
		[214, 120, 52],
		[236, 226, 204],
		[178, 58, 44],
		[122, 84, 60]
	];
	for (let i = 0; i < 8; i++) {
		const x = (8 + i * 38) * s;
		const w = 34 * s;
		const top = (62 + (i % 3) * 4) * s;
		c.rect(x, top, w, 120 * s - top, colors[i]);
		c.polygon(
			[
				[x - 2 * s, top],
				[x + w / 2, top - 22 * s],
				[x + w + 2 * s, top]
			],
			[64, 52, 48]
		);
		for (let row = 0; row < 2; row++)
			for (let col = 0; col < 2; col++)
				c.rect(x + (6 + col * 15) * s, top + (10 + row * 20) * s, 7 * s, 9 * s, [250, 246, 232]);
	}
	c.rect(0, 120 * s, width, 8 * s, [96, 88, 80]);
	c.gradient([58, 104, 140], [28, 60, 92], Math.round(128 * s), height);
	return c.png();
}

/** Red fishing huts on the shore below steep peaks. */
function village(width, height) {
	const c = canvas(width, height);
	c.gradient([140, 190, 230], [232, 240, 248], 0, 130);
	c.polygon(
		[
			[0, 130],
			[40, 50],
			[70, 90],
			[110, 20],
			[160, 100],
			[200, 40],
			[250, 95],
			[290, 55],
			[320, 90],
			[320, 130]
		],
		[78, 92, 104]
	);
	c.polygon(
		[
			[100, 34],
			[110, 20],
			[121, 36]
		],
		[240, 244, 248]
	);
	c.polygon(
		[
			[190, 54],
			[200, 40],
			[210, 56]
		],
		[240, 244, 248]
	);
	c.rect(0, 130, 320, 70, [40, 92, 128]);
	for (let i = 0; i < 6; i++) {
		const x = 40 + i * 44;
		c.rect(x, 112, 30, 22, [186, 40, 36]);
		c.polygon(
			[
				[x - 3, 112],
				[x + 15, 100],
				[x + 33, 112]
			],
			[60, 40, 36]
		);
		c.rect(x + 11, 122, 8, 12, [250, 244, 230]);
		c.rect(x, 134, 30, 4, [70, 60, 52]);
	}
	return c.png();
}

/** A narrow fjord between high cliffs, seen from above. */
function fjord(width, height) {
	const c = canvas(width, height);
	c.gradient([120, 170, 214], [206, 226, 240], 0, 80);
	c.polygon(
		[
			[0, 200],
			[0, 40],
			[60, 30],
			[120, 70],
			[150, 200]
		],
		[70, 110, 74]
	);
	c.polygon(
		[
			[320, 200],
			[320, 30],
			[250, 36],
			[190, 76],
			[176, 200]
		],
		[58, 98, 66]
	);
	c.polygon(
		[
			[120, 70],
			[190, 76],
			[176, 200],
			[150, 200]
		],
		[34, 92, 120]
	);
	c.polygon(
		[
			[20, 44],
			[60, 30],
			[90, 48]
		],
		[236, 240, 244]
	);
	c.polygon(
		[
			[260, 40],
			[290, 30],
			[316, 38]
		],
		[236, 240, 244]
	);
	c.rect(158, 150, 10, 4, [245, 245, 245]);
	return c.png();
}

/** A flat cliff top high above a fjord. */
function cliff(width, height) {
	const c = canvas(width, height);
	c.gradient([104, 160, 212], [220, 234, 246], 0, 110);
	c.polygon(
		[
			[0, 110],
			[60, 80],
			[140, 96],
			[220, 70],
			[320, 92],
			[320, 110]
		],
		[104, 128, 140]
	);
	c.rect(0, 110, 320, 90, [36, 84, 118]);
	c.polygon(
		[
			[0, 200],
			[0, 60],
			[150, 60],
			[170, 200]
		],
		[120, 112, 104]
	);
	c.rect(0, 56, 152, 6, [96, 124, 82]);
	c.circle(120, 52, 3, [40, 40, 60]);
	c.rect(119, 54, 3, 6, [40, 40, 60]);
	return c.png();
}

/** A neutral portrait silhouette on a warm background, for the profile example. */
function portrait(size) {
	const c = canvas(size, size);
	c.gradient([234, 210, 186], [196, 160, 132]);
	const s = size / 240;
	c.circle(120 * s, 96 * s, 44 * s, [70, 56, 64]);
	c.polygon(
		[
			[40 * s, 240 * s],
			[60 * s, 170 * s],
			[120 * s, 146 * s],
			[180 * s, 170 * s],
			[200 * s, 240 * s]
		],
		[70, 56, 64]
	);
	return c.png();
}

const out = new URL('../static/examples/', import.meta.url);
mkdirSync(out, { recursive: true });
const files = {
	'harbour.png': harbour(640, 400),
	'harbour-small.png': harbour(320, 200),
	'village.png': village(320, 200),
	'fjord.png': fjord(320, 200),
	'cliff.png': cliff(320, 200),
	'portrait.png': portrait(240)
};
for (const [name, bytes] of Object.entries(files)) {
	writeFileSync(new URL(name, out), bytes);
	console.log(`${name}: ${bytes.length} bytes`);
}
