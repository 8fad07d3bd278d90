import { describe, expect, it } from 'vitest';
import { MAX_EXPANDED_NODES, checkExpansion, expandedSize } from './document-budget';
import { MAX_DOCUMENT_BYTES, loadToolDocument, readDocumentFile, readLimited } from './load-document';

/** A 5 KB "billion laughs" of $refs: each schema points twice at the next. */
function refBomb(levels = 40): Record<string, unknown> {
	const schemas: Record<string, unknown> = { s0: { type: 'string' } };
	for (let level = 1; level <= levels; level++) {
		schemas[`s${level}`] = {
			type: 'object',
			properties: {
				a: { $ref: `#/components/schemas/s${level - 1}` },
				b: { $ref: `#/components/schemas/s${level - 1}` }
			}
		};
	}
	return {
		openapi: '3.0.0',
		info: { title: 'bomb', version: '1' },
		servers: [{ url: 'https://api.example.com' }],
		paths: {
			'/x': {
				get: {
					responses: {
						200: {
							description: 'ok',
							content: { 'application/json': { schema: { $ref: `#/components/schemas/s${levels}` } } }
						}
					}
				}
			}
		},
		components: { schemas }
	};
}

describe('tool documents that expand without bound', () => {
	it('counts what $refs stand for in linear time and refuses a bomb before resolving it', async () => {
		const bomb = refBomb();
		expect(JSON.stringify(bomb).length).toBeLessThan(8_000);
		expect(expandedSize(bomb).nodes).toBeGreaterThan(MAX_EXPANDED_NODES);
		expect(() => checkExpansion(bomb)).toThrow(/expand to more than/);
		await expect(loadToolDocument(JSON.stringify(bomb), 'bomb.json')).rejects.toThrow(/expansion bomb/);
		expect(() => checkExpansion(refBomb(8))).not.toThrow();
	});

	it('refuses a YAML alias bomb', async () => {
		const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
		for (let level = 1; level <= 12; level++)
			lines.push(`a${level}: &a${level} [${Array.from({ length: 10 }, () => `*a${level - 1}`).join(', ')}]`);
		await expect(loadToolDocument(`openapi: 3.0.0\n${lines.join('\n')}\n`, 'bomb.yaml')).rejects.toThrow(
			/alias|expan/i
		);
	});

	it('treats circular $refs as one node each', () => {
		const cyclic = {
			components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } }
		};
		expect(expandedSize(cyclic).nodes).toBeLessThan(20);
		expect(() => checkExpansion(cyclic)).not.toThrow();
	});
});

describe('reading documents with a byte limit', () => {
	it('refuses a file by its size before reading it', async () => {
		const huge = { size: 600_000_000, text: () => Promise.reject(new Error('read whole')) } as unknown as Blob;
		await expect(readDocumentFile(huge)).rejects.toThrow(/600,000,000 bytes/);
		expect(await readDocumentFile(new Blob(['{"a":1}']))).toBe('{"a":1}');
	});

	it('stops a response at the limit, whether or not it declares its length', async () => {
		const declared = new Response('x', { headers: { 'content-length': String(MAX_DOCUMENT_BYTES + 1) } });
		await expect(readLimited(declared)).rejects.toThrow(/at most 10,000,000 bytes/);
		let pulled = 0;
		const endless = new ReadableStream<Uint8Array>({
			pull(controller) {
				pulled++;
				controller.enqueue(new Uint8Array(64 * 1024).fill(120));
			}
		});
		await expect(readLimited(new Response(endless), 1_000_000)).rejects.toThrow(/larger than that/);
		expect(pulled).toBeLessThan(40);
		expect(await readLimited(new Response('{"ok":true}'))).toBe('{"ok":true}');
	});
});
