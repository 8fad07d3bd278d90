/**
 * The MCP workbench: call any tool of a connected server by hand (a form generated from its
 * schema), read results like a developer, keep saved calls, read resources, try prompts and
 * put any result on the canvas as a live widget — no model needed. The page passes the call
 * path, the canvas and the connections in through `WorkbenchDeps`.
 */
export { default as Workbench } from './components/Workbench.svelte';
export { SavedCallsStore } from './saved-calls-store.svelte';
export { widgetChoices, resultValue, findRows } from './default-widget';
export type { WidgetChoice } from './default-widget';
export { exportSavedCalls, parseSavedCalls, loadSavedCalls, SAVED_CALLS_KEY } from './saved-calls';
export type { SavedCall, SavedCallsFile } from './saved-calls';
export { expandTemplate, templateVariables } from './uri-template';
export type { CallOutcome, CallProgress, ShowOnCanvasRequest, WorkbenchCall, WorkbenchDeps } from './types';
