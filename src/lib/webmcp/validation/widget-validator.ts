/**
 * Validates and sanitises widget params against the widget catalog: the one check used by
 * `widget_display`, `canvas update`, the inspector's "Apply" and canvas import, so every way
 * onto the canvas enforces the same rules.
 */
import { isPlainObject, type JsonSchema } from '$lib/shared';
import type { WidgetDefinition, WidgetSummary } from '$lib/widgets/types';
import type { sanitizeParams, SanitizeParamsOptions } from '../sanitize/params';
import { createWidgetCatalog, type WidgetCatalog } from '../widget-catalog';
import type { issuesFromErrors } from './issues';
import type { CompiledValidator, ValidationIssue } from './types';

/** The sanitiser and the error reader a check runs (`widget-checks.ts`). */
export interface CheckCode {
	sanitizeParams: typeof sanitizeParams;
	issuesFromErrors: typeof issuesFromErrors;
}

/** The check code, or a loader of it (kept out of the initial bundle). */
export type CheckCodeSource = CheckCode | (() => Promise<CheckCode>);

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
	Readonly<Record<string, CompiledValidator>> | (() => Promise<Readonly<Record<string, CompiledValidator>>>);

function isCatalog(widgets: readonly WidgetDefinition[] | WidgetCatalog): widgets is WidgetCatalog {
	return !Array.isArray(widgets);
}

/** Options of {@link WidgetValidator.check}. */
export interface CheckOptions {
	/** Also check what the renderer needs (fields present in the rows, …). */
	draw?: boolean;
}

/** Validates params for any widget type of one catalog. */
export interface WidgetValidator {
	/** The widget types it knows. */
	readonly types: readonly string[];
	/**
	 * Loads the compiled validators and, for an on-demand catalog, the full definitions
	 * (once); `check` needs it to have resolved.
	 */
	load(): Promise<void>;
	/** The light summary of a type (title, default size, …), if known; available at once. */
	summary(type: string): WidgetSummary | undefined;
	/**
	 * The full definition of a type, if known — at once for a validator built from
	 * definitions, after `load()` for an on-demand catalog.
	 */
	definition(type: string): WidgetDefinition | undefined;
	/**
	 * Validates then sanitises; returns sanitised params or the failure for the model. With
	 * `draw: true` (display and update by the model) it also runs the widget's `drawIssues`,
	 * so params the renderer could not draw are refused instead of reported as displayed.
	 * Params this validator returned are known as checked: passing them again (the canvas
	 * showing what `widget_display` checked) returns them as they are, without a second check.
	 */
	check(type: string, params: unknown, options?: CheckOptions): ParamsCheck;
}

function requireAll(names: readonly string[], validators: Readonly<Record<string, CompiledValidator>>): void {
	for (const name of names) {
		if (typeof validators[name] !== 'function') {
			throw new Error(`Widget "${name}" has no compiled validator; is validatorsPlugin() in vite.config.ts?`);
		}
	}
}

/**
 * Builds a validator from definitions (or a catalog whose definitions load on demand) and
 * their compiled validators (from `virtual:autoui-validators` in the app, or compiled at run
 * time in Node tests). Throws on duplicate names, and (at creation, or at `load` for a
 * loader) on a definition without a validator: both are programmer errors that must fail at
 * start-up. `createWidgetValidator` (`widget-checks.ts`) passes the check code itself; the
 * in-page server passes a loader, so the sanitisers load with `load()`, off the first route.
 */
export function createWidgetValidatorWith(
	checks: CheckCodeSource,
	widgets: readonly WidgetDefinition[] | WidgetCatalog,
	source: ValidatorSource,
	options: SanitizeParamsOptions = {}
): WidgetValidator {
	const catalog = isCatalog(widgets) ? widgets : createWidgetCatalog(widgets);
	const types = [...catalog.names];
	// The params this validator returned (sanitised copies nobody else holds), by type and depth of check.
	const checked = new WeakMap<object, { type: string; draw: boolean }>();
	let validators: Readonly<Record<string, CompiledValidator>> | undefined;
	let loading: Promise<void> | undefined;
	if (typeof source !== 'function') {
		requireAll(types, source);
		validators = source;
	}

	let code = typeof checks === 'function' ? undefined : checks;
	let codeLoading: Promise<void> | undefined;
	function loadCode(): Promise<void> | undefined {
		if (code) return undefined;
		codeLoading ??= (checks as () => Promise<CheckCode>)().then((loaded) => void (code = loaded));
		codeLoading.catch(() => (codeLoading = undefined));
		return codeLoading;
	}

	function loadValidators(): Promise<void> {
		if (validators) return Promise.resolve();
		loading ??= (source as () => Promise<Readonly<Record<string, CompiledValidator>>>)().then((loaded) => {
			requireAll(types, loaded);
			validators = loaded;
		});
		loading.catch(() => (loading = undefined));
		return loading;
	}

	return {
		types,
		async load() {
			await Promise.all([loadValidators(), catalog.loaded ? undefined : catalog.load(), loadCode()]);
		},
		summary: (type) => catalog.summary(type),
		definition: (type) => catalog.definition(type),
		check(type, params, checkOptions = {}) {
			const known = isPlainObject(params) ? checked.get(params) : undefined;
			if (known?.type === type && (known.draw || !checkOptions.draw))
				return { ok: true, value: params as Record<string, unknown> };
			if (!catalog.summary(type)) {
				return {
					ok: false,
					error: `Unknown widget "${type}"`,
					details: [{ path: '/name', message: `must be one of: ${types.join(', ')}` }]
				};
			}
			const definition = catalog.definition(type);
			if (!isPlainObject(params)) {
				return {
					ok: false,
					error: 'Validation failed',
					details: [{ path: '/', message: 'params must be an object' }],
					...(definition ? { expected_schema: definition.schema } : {})
				};
			}
			if (!validators || !definition || !code) {
				return {
					ok: false,
					error: 'Validators are still loading',
					details: [{ path: '/', message: 'try again in a moment' }]
				};
			}
			const validate = validators[type];
			if (!validate(params)) {
				return {
					ok: false,
					error: 'Validation failed',
					details: code.issuesFromErrors(validate.errors),
					expected_schema: definition.schema
				};
			}
			const sanitized = code.sanitizeParams(definition.schema, params, options);
			if (!sanitized.ok) {
				return { ok: false, error: 'Validation failed', details: sanitized.issues, expected_schema: definition.schema };
			}
			const drawIssues = checkOptions.draw ? (definition.drawIssues?.(sanitized.value) ?? []) : [];
			if (drawIssues.length) {
				return { ok: false, error: `This ${type} cannot be drawn from these params`, details: drawIssues };
			}
			checked.set(sanitized.value, { type, draw: checkOptions.draw === true });
			return { ok: true, value: sanitized.value };
		}
	};
}
