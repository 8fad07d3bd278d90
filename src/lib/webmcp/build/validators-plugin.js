/**
 * Vite plugin: the virtual module `virtual:autoui-validators` holds Ajv standalone
 * validators for every widget schema, compiled from `src/lib/widgets/definitions.ts` at
 * build time (and on demand in dev and vitest), so the browser never compiles schemas (no
 * eval under our CSP). Definitions are loaded with Vite's `runnerImport`; editing them
 * (or anything they import) regenerates the module. Before the definitions file exists the
 * module is empty.
 *
 * Plain JavaScript (with JSDoc types) so `vite.config.ts` can import it by its real file
 * name under any config loader.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizePath, runnerImport } from 'vite';
import { generateValidatorModule } from './validator-codegen.js';

/** The id application code imports. */
export const validatorsModuleId = 'virtual:autoui-validators';
const resolvedId = `\0${validatorsModuleId}`;
const here = dirname(fileURLToPath(import.meta.url));

/**
 * @param {unknown} value
 * @returns {value is import('./validator-codegen.js').SchemaSource[]}
 */
function looksLikeDefinitions(value) {
	return (
		Array.isArray(value) &&
		value.every((item) => typeof item === 'object' && item !== null && typeof item.name === 'string' && 'schema' in item)
	);
}

/**
 * Picks the definitions array among a module's exports (named export or default).
 * @param {Record<string, unknown>} module
 * @param {string} file
 */
function pickDefinitions(module, file) {
	for (const key of ['widgetDefinitions', 'definitions', 'default', ...Object.keys(module)]) {
		const value = module[key];
		if (looksLikeDefinitions(value)) return value;
	}
	throw new Error(`${file} exports no array of widget definitions ({ name, schema, ... }[])`);
}

/**
 * The plugin. Add it to `vite.config.ts` before `sveltekit()`.
 * @param {{ definitions?: string }} [options] where the definitions live, relative to the root
 * @returns {import('vite').Plugin}
 */
export function validatorsPlugin(options = {}) {
	let root = process.cwd();
	/** @type {Promise<string> | undefined} */
	let cached;
	/** @type {string[]} */
	let watched = [];
	const runtimeFile = normalizePath(join(here, 'validator-runtime.ts'));

	async function generate() {
		const file = resolve(root, options.definitions ?? 'src/lib/widgets/definitions.ts');
		if (!existsSync(file)) {
			watched = [file];
			return generateValidatorModule([], runtimeFile);
		}
		const { module, dependencies } = await runnerImport(file, {
			configFile: false,
			root,
			resolve: { alias: { $lib: join(root, 'src', 'lib') } },
			logLevel: 'error'
		});
		watched = [file, ...dependencies.map((dependency) => resolve(root, dependency))];
		return generateValidatorModule(pickDefinitions(/** @type {Record<string, unknown>} */ (module), file), runtimeFile);
	}

	return {
		name: 'autoui-validators',
		enforce: 'pre',
		configResolved(config) {
			root = config.root;
		},
		resolveId(id) {
			return id === validatorsModuleId ? resolvedId : undefined;
		},
		async load(id) {
			if (id !== resolvedId) return undefined;
			cached ??= generate().catch((error) => {
				cached = undefined;
				throw error;
			});
			const code = await cached;
			for (const file of watched) this.addWatchFile(file);
			return code;
		},
		watchChange(id) {
			if (watched.includes(resolve(id))) cached = undefined;
		},
		hotUpdate({ file, server }) {
			if (!watched.includes(resolve(file))) return;
			cached = undefined;
			const module = server.moduleGraph.getModuleById(resolvedId);
			if (module) server.moduleGraph.invalidateModule(module);
		}
	};
}
