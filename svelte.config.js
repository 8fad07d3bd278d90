import adapter from '@sveltejs/adapter-node';
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

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ out, precompress: true }),
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
