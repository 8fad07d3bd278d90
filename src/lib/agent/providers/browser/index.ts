/**
 * The `browser` provider: the browser's built-in model (Prompt API, `LanguageModel`).
 * Loaded on demand by providers/connection.ts; the settings offer it only where the browser
 * has the API (`promptApi()`).
 */
export { BrowserProvider, listBrowserModels } from './browser-provider';
export { promptApi } from './wire-types';
export type { PromptApi, PromptApiSession, PromptApiMessage, ModelAvailability } from './wire-types';
export { toSessionInput } from './convert-messages';
export { mapBrowserStopReason } from './map-stop-reason';
