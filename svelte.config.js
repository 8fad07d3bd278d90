import adapter from '@sveltejs/adapter-node';
import { createReadStream, createWriteStream, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/**
 * Build output folders can be moved with AUTOUI_OUT so that several builds (for example
 * parallel test runs) do not overwrite each other. The default is `build/`.
 */
const out = process.env.AUTOUI_OUT || 'build';

/**
 * Loopback origins the browser may talk to: local LLM endpoints (Ollama, LM Studio,
 * llama.cpp) and local MCP servers. Remote endpoints must be https.
 */
const loopback = ['http://localhost:*', 'http://127.0.0.1:*'];

/** Files this large (DuckDB-WASM's 34 MB module) get gzip only: brotli would add minutes to every build. */
const LARGE_ASSET = 8 * 1024 * 1024;

/** Large files of a folder, found before the adapter compresses it. */
function largeFiles(directory) {
	try {
		return readdirSync(directory, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile() && /\.(wasm|js)$/.test(entry.name))
			.map((entry) => join(entry.parentPath, entry.name))
			.filter((file) => statSync(file).size > LARGE_ASSET);
	} catch {
		return [];
	}
}

/** adapter-node, precompressing as before except large files, which get a fast gzip. */
function nodeAdapter(options) {
	const node = adapter(options);
	return {
		...node,
		async adapt(builder) {
			const compress = async (directory) => {
				const large = largeFiles(directory);
				for (const file of large) renameSync(file, `${file}.aside`);
				try {
					await builder.compress(directory);
				} finally {
					for (const file of large) renameSync(`${file}.aside`, file);
				}
				await Promise.all(
					large.map((file) =>
						pipeline(createReadStream(file), createGzip({ level: 6 }), createWriteStream(`${file}.gz`))
					)
				);
			};
			return node.adapt(new Proxy(builder, { get: (target, key) => (key === 'compress' ? compress : target[key]) }));
		}
	};
}

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: nodeAdapter({ out, precompress: true }),
		outDir: out === 'build' ? '.svelte-kit' : `.svelte-kit-${out.replace(/[^a-z0-9-]/gi, '_')}`,
		csp: {
			mode: 'auto',
			directives: {
				'default-src': ['self'],
				'script-src': ['self'],
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:', 'blob:', 'https:'],
				'font-src': ['self', 'data:'],
				'media-src': ['self', 'data:', 'blob:'],
				'connect-src': ['self', 'https:', 'wss:', ...loopback],
				'worker-src': ['self', 'blob:'],
				'frame-src': ['none'],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self'],
				'frame-ancestors': ['none']
			}
		}
	}
};

export default config;
