/**
 * In-page tool servers: `createWebMcpServer`, the built-in `autoui` server, the boundary
 * sanitisers and the browser WebMCP (`document.modelContext`) registration.
 */
export { createWebMcpServer, jsonResult } from './server';
export type { WebMcpServer, WebMcpServerOptions, WebMcpTool } from './server';
export { autoui } from './autoui';
export { registerWithModelContext, findModelContext } from './model-context';
export type { ModelContextLike, ModelContextTool, ModelContextRegistration } from './model-context';
export { checkCanvasArgs, canvasLimits } from './canvas-args';
export type { CanvasCommand, CanvasCommandCheck } from './canvas-args';
export { canvasActions } from './tool-definitions';
export type { CanvasAction } from './tool-definitions';
export { searchRecipes, recipeDetail, recipeSummary } from './recipes';
export type { RecipeSummary, RecipeDetail } from './recipes';
export { createWidgetCatalog } from './widget-catalog';
export type { WidgetCatalog, WidgetDefinitionsLoader } from './widget-catalog';
export { createWidgetValidator } from './validation/widget-checks';
export type { WidgetValidator, ValidatorSource, ParamsCheck, ValidationFailure } from './validation/widget-validator';
export type { CompiledValidator, ValidationIssue } from './validation/types';
export {
	sanitizeImageUrl,
	sanitizeLinkUrl,
	sanitizeStyle,
	sanitizeParams,
	styleToCss,
	allowedStyleProperties,
	allowedLinkSchemes
} from './sanitize';
export type { ImageUrlOptions, Sanitized, SanitizeIssue } from './sanitize';
