/**
 * Keeps Node-only modules out of the browser build. The OpenAPI importer's `$ref` parser
 * reaches `undici` and `node:dns/promises` only on its HTTP resolver's Node path (AutoUI
 * resolves internal references only), yet the bundler would pull in all of undici and print
 * a warning for each Node built-in it touches. In the browser build those two imports
 * resolve to a module whose every export throws, saying where the call came from.
 */
const nodeOnly = new Set(['undici', 'node:dns/promises']);
const prefix = '\0autoui-node-only:';

/** @returns {import('vite').Plugin} */
export function nodeOnlyImports() {
	return {
		name: 'autoui-node-only-imports',
		enforce: 'pre',
		resolveId(id, importer, options) {
			if (options?.ssr || !nodeOnly.has(id)) return null;
			if (!importer?.includes('json-schema-ref-parser')) return null;
			return prefix + id;
		},
		load(id) {
			if (!id.startsWith(prefix)) return null;
			const name = JSON.stringify(id.slice(prefix.length));
			return [
				`const fail = () => { throw new Error(${name} + ' is not available in the browser'); };`,
				'export const lookup = fail, fetch = fail;',
				'export class Agent { constructor() { fail(); } }',
				'export default { lookup, fetch, Agent };'
			].join('\n');
		}
	};
}
