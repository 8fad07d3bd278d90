/**
 * Vite plugin for the widget catalog's build-time modules, both generated from
 * `src/lib/widgets/definitions.ts` (loaded once with Vite's `runnerImport`):
 * - `virtual:autoui-validators`: Ajv standalone validators for every widget schema, so the
 *   browser never compiles schemas (no eval under our CSP);
 * - `virtual:autoui-widget-index`: the light summary of every widget (name, title,
 *   description, category, default size) as plain data, so the first route needs neither
 *   the schemas nor the recipe text and keywords, which load on demand with the definitions.
 * Generated at build time, and on demand in dev and vitest. Editing the definitions (or
 * anything they import) regenerates both. Before the definitions file exists both are empty.
 *
 * Plain JavaScript (with JSDoc types) so `vite.config.ts` can import it by its real file
 * name under any config loader.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizePath, runnerImport } from 'vite';
import { generateWidgetIndexModule } from '../../widgets/build/widget-index-codegen.js';
import { generateValidatorModule } from './validator-codegen.js';

/** The id of the validators module. */
export const validatorsModuleId = 'virtual:autoui-validators';
/** The id of the light widget index. */
export const widgetIndexModuleId = 'virtual:autoui-widget-index';
/** @type {Record<string, string>} resolved id → public id */
const modules = { [`\0${validatorsModuleId}`]: validatorsModuleId, [`\0${widgetIndexModuleId}`]: widgetIndexModuleId };
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
	/** @type {Promise<Record<string, string>> | undefined} generated source by public id */
	let cached;
	/** @type {string[]} */
	let watched = [];
	const runtimeFile = normalizePath(join(here, 'validator-runtime.ts'));

	/** @returns {Promise<Record<string, string>>} */
	async function generate() {
		const file = resolve(root, options.definitions ?? 'src/lib/widgets/definitions.ts');
		if (!existsSync(file)) {
			watched = [file];
			return { [validatorsModuleId]: generateValidatorModule([], runtimeFile), [widgetIndexModuleId]: generateWidgetIndexModule([]) };
		}
		const { module, dependencies } = await runnerImport(file, {
			configFile: false,
			root,
			resolve: { alias: { $lib: join(root, 'src', 'lib') } },
			logLevel: 'error'
		});
		watched = [file, ...dependencies.map((dependency) => resolve(root, dependency))];
		const definitions = pickDefinitions(/** @type {Record<string, unknown>} */ (module), file);
		return {
			[validatorsModuleId]: generateValidatorModule(definitions, runtimeFile),
			[widgetIndexModuleId]: generateWidgetIndexModule(/** @type {Record<string, unknown>[]} */ (definitions))
		};
	}

	return {
		name: 'autoui-validators',
		enforce: 'pre',
		configResolved(config) {
			root = config.root;
		},
		resolveId(id) {
			return Object.values(modules).includes(id) ? `\0${id}` : undefined;
		},
		async load(id) {
			const publicId = Object.hasOwn(modules, id) ? modules[id] : undefined;
			if (!publicId) return undefined;
			cached ??= generate().catch((error) => {
				cached = undefined;
				throw error;
			});
			const sources = await cached;
			for (const file of watched) this.addWatchFile(file);
			return sources[publicId];
		},
		watchChange(id) {
			if (watched.includes(resolve(id))) cached = undefined;
		},
		hotUpdate({ file, server }) {
			if (!watched.includes(resolve(file))) return;
			cached = undefined;
			for (const resolvedId of Object.keys(modules)) {
				const module = server.moduleGraph.getModuleById(resolvedId);
				if (module) server.moduleGraph.invalidateModule(module);
			}
		}
	};
}
