import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { nodeOnlyImports } from './scripts/build/node-only-imports.js';
import { validatorsPlugin } from './src/lib/webmcp/build/validators-plugin.js';

export default defineConfig({
	plugins: [nodeOnlyImports(), validatorsPlugin(), sveltekit()],
	// Workers are bundled on their own (the OpenAPI document worker holds the `$ref` parser).
	worker: { plugins: () => [nodeOnlyImports()] },
	server: { host: '127.0.0.1' },
	preview: { host: '127.0.0.1' },
	// AUTOUI_SOURCEMAP=1 emits source maps, to see what a chunk is made of.
	build: { sourcemap: process.env.AUTOUI_SOURCEMAP === '1' },
	test: {
		include: ['src/**/*.test.ts', 'tests/fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
		environment: 'node',
		testTimeout: 20_000,
		hookTimeout: 30_000
	}
});
