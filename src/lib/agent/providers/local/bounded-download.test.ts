/**
 * A model URL declaring 100 GB was read into memory before any size check. Against a real
 * HTTP server on loopback: a declared length over the limit is refused before the body is
 * read, and an endless body without a length stops at the limit.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadTooBig, readBounded } from './bounded-download';

const chunk = Buffer.alloc(64 * 1024, 1);
let server: Server;
let base = '';
/** Bytes the server managed to write per path. */
const written = new Map<string, number>();

beforeAll(async () => {
	server = createServer((request, response) => {
		const path = request.url ?? '/';
		written.set(path, 0);
		response.writeHead(200, path === '/declared' ? { 'content-length': String(100 * 1024 ** 3) } : {});
		const pump = () => {
			while (!response.destroyed) {
				written.set(path, (written.get(path) ?? 0) + chunk.length);
				if (!response.write(chunk)) return void response.once('drain', pump);
			}
		};
		response.on('close', () => response.destroy());
		pump();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const limit = 4 * 1024 * 1024;

describe('model downloads stop at the memory limit', () => {
	it('a model URL declaring 100 GB was read into memory first: refused before the body is read', async () => {
		const response = await fetch(`${base}/declared`);
		let progress = 0;
		const error = await readBounded(response, limit, () => progress++).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(DownloadTooBig);
		expect(error).toMatchObject({ declared: true, size: 100 * 1024 ** 3, limit });
		expect(progress).toBe(0);
	});

	it('an endless body without a length stops at the limit', async () => {
		const response = await fetch(`${base}/endless`);
		const seen: number[] = [];
		const error = await readBounded(response, limit, (received) => seen.push(received)).catch(
			(caught: unknown) => caught
		);
		expect(error).toMatchObject({ declared: false, limit });
		expect((error as DownloadTooBig).size).toBeGreaterThan(limit);
		expect((error as DownloadTooBig).size).toBeLessThan(limit + 1024 * 1024);
		expect(Math.max(...seen)).toBeLessThanOrEqual(limit);
	});

	it('reads a body inside the limit whole', async () => {
		const body = new Uint8Array(300_000).fill(7);
		const blob = await readBounded(new Response(body, { headers: { 'content-length': '300000' } }), limit);
		expect(blob.size).toBe(300_000);
	});
});
