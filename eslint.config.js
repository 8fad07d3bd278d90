// Lint: JavaScript, TypeScript and Svelte rules, plus the import boundaries of
// docs/ARCHITECTURE.md (scripts/lint). Formatting is Prettier's (`npm run format`).
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { autouiPlugin } from './scripts/lint/boundaries-rule.js';

// File size: 400 lines is the rule; from 300 a warning says it is time to split by concept.
const sizePlugin = { rules: { 'split-soon': builtinRules.get('max-lines') } };

export default ts.config(
	{
		ignores: [
			'build/',
			'build-*/',
			'.svelte-kit/',
			'.svelte-kit-*/',
			'test-results/',
			'tests/artifacts/',
			'static/',
			'tools/*/node_modules/',
			'node_modules/'
		]
	},
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } }
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: { projectService: false, extraFileExtensions: ['.svelte'], parser: ts.parser, svelteConfig }
		}
	},
	{
		plugins: { autoui: autouiPlugin },
		rules: {
			'autoui/boundaries': 'error',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }
			],
			// Stores keep plain Map/Set/Date values behind `$state.raw` on purpose (replaced, never
			// mutated in place), which this rule cannot tell from a missed SvelteMap.
			'svelte/prefer-svelte-reactivity': 'off',
			// The app is served at the root and its links are external or fragments; no `resolve()` needed.
			'svelte/no-navigation-without-resolve': 'off'
		}
	},
	{
		files: ['**/*.js', '**/*.ts', '**/*.svelte'],
		plugins: { size: sizePlugin },
		rules: { 'max-lines': ['error', { max: 400 }], 'size/split-soon': ['warn', { max: 300 }] }
	},
	{
		// Tests and fixtures: loose JSON answers, Playwright's `({}, testInfo)` and control bytes on purpose.
		files: ['tests/**', '**/*.test.ts', '**/*.bench.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off', 'no-control-regex': 'off' }
	},
	{
		files: ['**/*.cjs'],
		languageOptions: { sourceType: 'commonjs' },
		rules: { '@typescript-eslint/no-require-imports': 'off' }
	}
);
