/**
 * LLM settings: the SettingsStore (provider, base URL, model, key, server key, status) and
 * the SettingsDialog that edits it. The page creates one store and passes it around;
 * `store.config` is what the agent gives createProvider().
 */
export { SettingsStore } from './settings-store.svelte';
export type { SettingsStoreOptions, SettingsChange } from './settings-store.svelte';
export { default as SettingsDialog } from './SettingsDialog.svelte';
export { AgentPreferences, defaultAgentPreferences, parseAgentPreferences } from './agent-preferences.svelte';
export type { AgentPreferenceValues } from './agent-preferences.svelte';
export {
	applyUrlPresets,
	computeStatus,
	defaultSettings,
	endpointPresets,
	keySlot,
	parseSavedSettings,
	toProviderConfig
} from './settings-model';
export type { LlmSettings, ServerKeys, SettingsStatus } from './settings-model';
