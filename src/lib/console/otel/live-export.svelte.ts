/**
 * The reactive skin of live OTLP export: the configuration the user saved (this device
 * only), the exporter built from it, and its last status for the console to show. The page
 * feeds it the session's events; nothing is sent while no endpoint is configured, and the
 * exporter (with the span builder) loads only once one is.
 */
import type { AgentEvent } from '$lib/agent';
import type { OtlpExportOptions } from './export';
import { loadLiveExportConfig, saveLiveExportConfig, type ConfigStore, type LiveExportConfig } from './live-config';
import type { LiveExporter, LiveExportStatus } from './live-export';

/** Live export for one page. */
export class LiveOtelExport {
	#config = $state.raw<LiveExportConfig | undefined>(undefined);
	#status = $state.raw<LiveExportStatus | undefined>(undefined);
	#exporter: LiveExporter | undefined;
	#events: readonly AgentEvent[] = [];
	readonly #store: ConfigStore | undefined;
	readonly #exportOptions: () => OtlpExportOptions;

	constructor(options: { store?: ConfigStore; exportOptions: () => OtlpExportOptions }) {
		this.#store = options.store;
		this.#exportOptions = options.exportOptions;
		const stored = options.store ? loadLiveExportConfig(options.store) : undefined;
		if (stored) {
			this.#config = stored;
			void this.#start(stored).catch(() => undefined);
		}
	}

	/** The saved endpoint and headers, or undefined when live export is off. */
	get config(): LiveExportConfig | undefined {
		return this.#config;
	}
	/** How sending went so far (undefined before the first send). */
	get status(): LiveExportStatus | undefined {
		return this.#status;
	}

	/**
	 * Saves a configuration and sends the turns that finish from now on; `undefined` turns
	 * live export off. Rejects, saving nothing, when the endpoint cannot be an OTLP URL.
	 */
	async configure(config: LiveExportConfig | undefined): Promise<void> {
		if (config) await this.#start(config);
		else {
			this.#exporter = undefined;
			this.#status = undefined;
		}
		this.#config = config;
		if (this.#store) saveLiveExportConfig(this.#store, config);
	}

	/** Sends what finished among the events appended since the last call. */
	observe(events: readonly AgentEvent[]): void {
		this.#events = events;
		this.#exporter?.observe(events);
	}

	async #start(config: LiveExportConfig): Promise<void> {
		const { LiveExporter } = await import('./live-export');
		const exporter = new LiveExporter({
			config,
			exportOptions: this.#exportOptions,
			onStatus: (status) => (this.#status = status)
		});
		// What the session already holds was there before this endpoint: only new turns go out.
		exporter.observe(this.#events);
		this.#exporter = exporter;
		this.#status = undefined;
	}
}
