/**
 * The widget registry: a name → definition lookup built once at start-up. A duplicate or
 * malformed name is a programming error and throws immediately, so it never reaches users.
 */
import { AutoUiError } from '$lib/shared';
import type { WidgetDefinition, WidgetSummary } from './types';

/**
 * Read-only lookup over a fixed list of widget definitions (or of their light summaries,
 * `WidgetRegistry<WidgetSummary>`).
 */
export interface WidgetRegistry<Entry extends WidgetSummary = WidgetDefinition> {
	/** Every definition, in catalog order. */
	readonly list: readonly Entry[];
	/** Every name, in catalog order. */
	readonly names: readonly string[];
	/** The definition named `name`, or undefined. */
	get(name: string): Entry | undefined;
	/** The definition named `name`; throws `not_found` listing the available names. */
	require(name: string): Entry;
	has(name: string): boolean;
}

const namePattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Builds a registry; throws `invalid_argument` on a duplicate or non-kebab-case name. */
export function defineWidgetRegistry<Entry extends WidgetSummary = WidgetDefinition>(
	definitions: readonly Entry[]
): WidgetRegistry<Entry> {
	const byName = new Map<string, Entry>();
	for (const definition of definitions) {
		if (!namePattern.test(definition.name)) {
			throw new AutoUiError(
				'invalid_argument',
				`widget name "${definition.name}" must be kebab-case (a-z, 0-9, dashes)`
			);
		}
		if (byName.has(definition.name)) {
			throw new AutoUiError(
				'invalid_argument',
				`duplicate widget name "${definition.name}": each widget is defined exactly once`
			);
		}
		byName.set(definition.name, definition);
	}
	const list = Object.freeze([...definitions]);
	const names = Object.freeze(list.map((definition) => definition.name));
	return {
		list,
		names,
		get: (name) => byName.get(name),
		has: (name) => byName.has(name),
		require(name) {
			const definition = byName.get(name);
			if (!definition) throw new AutoUiError('not_found', `unknown widget "${name}"; available: ${names.join(', ')}`);
			return definition;
		}
	};
}
