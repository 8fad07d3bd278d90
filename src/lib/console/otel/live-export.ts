/**
 * Live export to an OTLP/HTTP endpoint the user configures (a collector, Jaeger, Langfuse,
 * Phoenix…): each finished turn, and each call made outside a turn, is sent as one OTLP/JSON
 * request to `{endpoint}/v1/traces`. The endpoint and its headers (an ingest key, say) are
 * kept on this device only: they are never part of an export, a trace or a share link.
 *
 *   observe(events) → new events since last time → a turn's `done`, or a direct call's
 *   result/error → buildOtlpTrace(that turn's events) → POST (failures recorded, not thrown)
 */
import type { AgentEvent } from '$lib/agent';
import { AutoUiError, errorMessage, parseUrl } from '$lib/shared';
import { EventCursor } from '../event-cursor';
import { buildOtlpTrace, serializeOtlp, type OtlpExportOptions } from './export';
import type { LiveExportConfig } from './live-config';

/** The `/v1/traces` URL of an endpoint; throws an actionable error for a URL that cannot be one. */
export function tracesUrl(endpoint: string): string {
	const url = parseUrl(
		endpoint.trim(),
		`"${endpoint}" is not a URL; give the collector's OTLP/HTTP address, e.g. http://127.0.0.1:4318.`
	);
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw new AutoUiError('invalid_argument', `The OTLP endpoint must be http or https, not ${url.protocol}`);
	if (!url.pathname.endsWith('/v1/traces')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
	return url.href;
}

export { loadLiveExportConfig, saveLiveExportConfig, liveExportKey } from './live-config';
export type { ConfigStore, LiveExportConfig } from './live-config';

/** How the last sends went. */
export interface LiveExportStatus {
	/** Requests accepted by the endpoint. */
	sent: number;
	/** The last failure, cleared by the next success. */
	lastError?: string;
}

/** Options for {@link LiveExporter}. */
export interface LiveExporterOptions {
	config: LiveExportConfig;
	/** Export options for each request (secrets to scrub, server addresses). */
	exportOptions?: () => OtlpExportOptions;
	fetch?: typeof fetch;
	/** Called after every send, successful or not. */
	onStatus?: (status: LiveExportStatus) => void;
}

/** Sends finished turns and direct calls to one OTLP/HTTP endpoint. */
export class LiveExporter {
	readonly #options: LiveExporterOptions;
	readonly #url: string;
	readonly #cursor = new EventCursor();
	#primed = false;
	#status: LiveExportStatus = { sent: 0 };

	constructor(options: LiveExporterOptions) {
		this.#options = options;
		this.#url = tracesUrl(options.config.endpoint);
	}

	get status(): LiveExportStatus {
		return this.#status;
	}

	/**
	 * Looks at the events appended since the last call and sends every turn or direct call
	 * that finished among them. The first call only marks the events already there as seen:
	 * a session that was open before live export started is not sent again.
	 */
	observe(events: readonly AgentEvent[]): Promise<void>[] {
		const first = !this.#primed;
		this.#primed = true;
		const step = this.#cursor.advance(events);
		if (first || step.reset) return [];
		const sends: Promise<void>[] = [];
		for (let i = step.start; i < step.end; i++) {
			const event = events[i];
			const finishesTurn = event.type === 'done';
			const finishesDirectCall =
				(event.type === 'tool-result' || event.type === 'tool-error') &&
				event.origin !== undefined &&
				event.origin !== 'model';
			if (finishesTurn || finishesDirectCall)
				sends.push(
					this.#send(events.filter((candidate) => candidate.turnId === event.turnId && candidate.at <= event.at))
				);
		}
		return sends;
	}

	async #send(turn: AgentEvent[]): Promise<void> {
		const body = serializeOtlp(buildOtlpTrace(turn, this.#options.exportOptions?.()));
		try {
			const response = await (this.#options.fetch ?? fetch)(this.#url, {
				method: 'POST',
				headers: { ...this.#options.config.headers, 'content-type': 'application/json' },
				body
			});
			if (!response.ok)
				throw new Error(`HTTP ${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}`.trim());
			this.#status = { sent: this.#status.sent + 1 };
		} catch (error) {
			this.#status = {
				...this.#status,
				lastError: `Sending spans to ${this.#url} failed: ${errorMessage(error)}. Check the endpoint, its CORS settings and headers.`
			};
		}
		this.#options.onStatus?.(this.#status);
	}
}
