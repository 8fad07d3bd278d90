/**
 * Compiles validators at run time with Ajv — for Node (tests, scripts) only: Ajv compiles
 * with `new Function`, which the browser's CSP forbids. The app uses the build-time
 * validators from `virtual:autoui-validators` instead.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { WidgetDefinition } from '$lib/widgets/types';
import type { CompiledValidator } from './types';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
	ajv: Ajv
) => Ajv;

/** Compiles one validator per definition, with the options the build uses. */
export function compileValidatorsAtRuntime(
	widgets: readonly Pick<WidgetDefinition, 'name' | 'schema'>[]
): Record<string, CompiledValidator> {
	const ajv = new Ajv({ allErrors: true, strict: false });
	addFormats(ajv);
	return Object.fromEntries(widgets.map((widget) => [widget.name, ajv.compile(widget.schema) as CompiledValidator]));
}
