import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';
import { validatorsPlugin } from './src/lib/webmcp/build/validators-plugin.js';

export default defineConfig({
	plugins: [validatorsPlugin(), sveltekit()],
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
