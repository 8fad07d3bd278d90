/**
 * Turns the widget definitions into the light widget index, at build time (Node): one ES
 * module exporting `widgetIndex`, the summary of every widget (name, title, description,
 * category, default size) as plain data in catalog order. The first route imports it eagerly;
 * schema, example, recipe text and search keywords stay in the definitions, which load on
 * demand (`search_recipes` ranks the full definitions).
 * So each widget is still defined once, in its `definition.ts`.
 *
 * Plain JavaScript (with JSDoc types) so the Vite plugin can import it under any config loader.
 */

/**
 * The shape of `WidgetSummary` in `../types.ts` (a test keeps the two in step).
 * @typedef {{ name: string, title: string, description: string, category: string,
 *   defaultSize: { w: number, h: number }, keywords?: string[], hostOnly?: boolean }} Summary
 */

/**
 * The summary of one definition; throws naming the widget when a light field is malformed.
 * @param {Record<string, unknown>} definition
 * @returns {Summary}
 */
export function summarizeWidget(definition) {
	const name = typeof definition.name === 'string' ? definition.name : JSON.stringify(definition.name);
	/** @param {string} problem */
	const fail = (problem) => {
		throw new Error(`Widget "${name}": ${problem}`);
	};
	for (const field of ['name', 'title', 'description', 'category']) {
		if (typeof definition[field] !== 'string') fail(`${field} must be a string`);
	}
	const size = /** @type {Record<string, unknown> | undefined} */ (definition.defaultSize);
	if (!size || typeof size.w !== 'number' || typeof size.h !== 'number') fail('defaultSize must be { w, h } numbers');
	return {
		name: /** @type {string} */ (definition.name),
		title: /** @type {string} */ (definition.title),
		description: /** @type {string} */ (definition.description),
		category: /** @type {string} */ (definition.category),
		defaultSize: { w: /** @type {number} */ (size?.w), h: /** @type {number} */ (size?.h) },
		...(definition.hostOnly === true ? { hostOnly: true } : {})
	};
}

/**
 * Generates the module source. Throws when two definitions share a name or a light field is
 * malformed, so a broken catalog fails the build.
 * @param {readonly Record<string, unknown>[]} definitions
 * @returns {string}
 */
export function generateWidgetIndexModule(definitions) {
	const names = new Set();
	const summaries = definitions.map((definition) => {
		const summary = summarizeWidget(definition);
		if (names.has(summary.name)) throw new Error(`Duplicate widget name "${summary.name}" in the widget definitions`);
		names.add(summary.name);
		return summary;
	});
	return `export const widgetIndex = ${JSON.stringify(summaries, null, '\t')};\n`;
}
