/**
 * Validates and sanitises widget params against the widget catalog: the one check used by
 * `widget_display`, `canvas update`, the inspector's "Apply" and canvas import, so every way
 * onto the canvas enforces the same rules.
 */
import { isPlainObject, type JsonSchema } from '$lib/shared';
import type { WidgetDefinition } from '$lib/widgets/types';
import { sanitizeParams, type SanitizeParamsOptions } from '../sanitize/params';
import { issuesFromErrors } from './issues';
import type { CompiledValidator, ValidationIssue } from './types';

/** A failed check, shaped as the tool result the model reads. */
export interface ValidationFailure {
	ok: false;
	error: string;
	details: ValidationIssue[];
	expected_schema?: JsonSchema;
}

/** The outcome of checking params. */
export type ParamsCheck = { ok: true; value: Record<string, unknown> } | ValidationFailure;

/** Compiled validators by widget name, or a loader of them (kept out of the initial bundle). */
export type ValidatorSource =
	| Readonly<Record<string, CompiledValidator>>
	| (() => Promise<Readonly<Record<string, CompiledValidator>>>);

/** Validates params for any widget type of one catalog. */
export interface WidgetValidator {
	/** The widget types it knows. */
	readonly types: readonly string[];
	/** Loads the compiled validators (once); `check` needs it to have resolved. */
	load(): Promise<void>;
	/** The definition of a type, if known. */
	definition(type: string): WidgetDefinition | undefined;
	/** Validates then sanitises; returns sanitised params or the failure for the model. */
	check(type: string, params: unknown): ParamsCheck;
}

function requireAll(widgets: readonly WidgetDefinition[], validators: Readonly<Record<string, CompiledValidator>>): void {
	for (const widget of widgets) {
		if (typeof validators[widget.name] !== 'function') {
			throw new Error(`Widget "${widget.name}" has no compiled validator; is validatorsPlugin() in vite.config.ts?`);
		}
	}
}

/**
 * Builds a validator from definitions and their compiled validators (from
 * `virtual:autoui-validators` in the app, or compiled at run time in Node tests). Throws
 * on duplicate names, and (at creation, or at `load` for a loader) on a definition without
 * a validator: both are programmer errors that must fail at start-up.
 */
export function createWidgetValidator(
	widgets: readonly WidgetDefinition[],
	source: ValidatorSource,
	options: SanitizeParamsOptions = {}
): WidgetValidator {
	const byName = new Map<string, WidgetDefinition>();
	for (const widget of widgets) {
		if (byName.has(widget.name)) throw new Error(`Duplicate widget name "${widget.name}"`);
		byName.set(widget.name, widget);
	}
	const types = [...byName.keys()];
	let validators: Readonly<Record<string, CompiledValidator>> | undefined;
	let loading: Promise<void> | undefined;
	if (typeof source !== 'function') {
		requireAll(widgets, source);
		validators = source;
	}

	return {
		types,
		load() {
			if (validators) return Promise.resolve();
			loading ??= (source as () => Promise<Readonly<Record<string, CompiledValidator>>>)().then((loaded) => {
				requireAll(widgets, loaded);
				validators = loaded;
			});
			loading.catch(() => (loading = undefined));
			return loading;
		},
		definition: (type) => byName.get(type),
		check(type, params) {
			const definition = byName.get(type);
			if (!definition) {
				return {
					ok: false,
					error: `Unknown widget "${type}"`,
					details: [{ path: '/name', message: `must be one of: ${types.join(', ')}` }]
				};
			}
			if (!isPlainObject(params)) {
				return {
					ok: false,
					error: 'Validation failed',
					details: [{ path: '/', message: 'params must be an object' }],
					expected_schema: definition.schema
				};
			}
			if (!validators) {
				return { ok: false, error: 'Validators are still loading', details: [{ path: '/', message: 'try again in a moment' }] };
			}
			const validate = validators[type];
			if (!validate(params)) {
				return { ok: false, error: 'Validation failed', details: issuesFromErrors(validate.errors), expected_schema: definition.schema };
			}
			const sanitized = sanitizeParams(definition.schema, params, options);
			if (!sanitized.ok) {
				return { ok: false, error: 'Validation failed', details: sanitized.issues, expected_schema: definition.schema };
			}
			return { ok: true, value: sanitized.value };
		}
	};
}
