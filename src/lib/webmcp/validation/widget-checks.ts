/**
 * What a widget check runs besides the compiled validator: the params sanitiser (URLs,
 * styles) and the reader of Ajv's errors. Its own module so the in-page server can load it
 * with the validators instead of with the page; `createWidgetValidator` here passes it at
 * once, so a validator built from it checks as soon as its validators are there.
 */
import type { WidgetDefinition } from '$lib/widgets/types';
import { sanitizeParams, type SanitizeParamsOptions } from '../sanitize/params';
import type { WidgetCatalog } from '../widget-catalog';
import { issuesFromErrors } from './issues';
import { createWidgetValidatorWith, type ValidatorSource, type WidgetValidator } from './widget-validator';

export { sanitizeParams, issuesFromErrors };

/** A validator whose check code is loaded already; see `createWidgetValidatorWith`. */
export function createWidgetValidator(
	widgets: readonly WidgetDefinition[] | WidgetCatalog,
	source: ValidatorSource,
	options: SanitizeParamsOptions = {}
): WidgetValidator {
	return createWidgetValidatorWith({ sanitizeParams, issuesFromErrors }, widgets, source, options);
}
