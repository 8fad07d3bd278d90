/**
 * Where live OpenTelemetry export sends spans, as the user configured it: kept in this
 * device's storage only. Small on purpose: the page reads it at start-up, while the exporter
 * itself loads only once an endpoint is configured.
 */
import { tryParseJson } from '$lib/shared';

/** Where live spans go. */
export interface LiveExportConfig {
	/** Collector base URL (`http://127.0.0.1:4318`) or its full `/v1/traces` URL. */
	endpoint: string;
	/** Extra request headers, e.g. an ingest key. */
	headers: Record<string, string>;
}

/** Storage key of the configuration (this device only). */
export const liveExportKey = 'autoui.otel.live.v1';

/** The subset of Web Storage used (localStorage in the app, a map in tests). */
export interface ConfigStore {
	getItem(key: string): string | null;
	setItem(key: string, value: string): void;
	removeItem(key: string): void;
}

/** Reads the stored configuration (undefined when live export is off). */
export function loadLiveExportConfig(store: ConfigStore): LiveExportConfig | undefined {
	const value = tryParseJson(store.getItem(liveExportKey) ?? '') as Partial<LiveExportConfig> | undefined;
	if (!value || typeof value.endpoint !== 'string' || !value.endpoint) return undefined;
	const headers =
		value.headers && typeof value.headers === 'object'
			? Object.fromEntries(Object.entries(value.headers).filter(([, v]) => typeof v === 'string'))
			: {};
	return { endpoint: value.endpoint, headers: headers as Record<string, string> };
}

/** Stores the configuration, or removes it (live export off). */
export function saveLiveExportConfig(store: ConfigStore, config: LiveExportConfig | undefined): void {
	if (config) store.setItem(liveExportKey, JSON.stringify(config));
	else store.removeItem(liveExportKey);
}
