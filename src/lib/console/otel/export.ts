/**
 * The console's "Export OpenTelemetry (OTLP/JSON)": a session's events as one OTLP/JSON
 * trace request that Jaeger, Langfuse, Phoenix or any OpenTelemetry collector reads.
 * Redacted like the AutoUI trace (`../redact.ts`): the events are redacted before spans are
 * built (so secret-named arguments are caught by name), and the result once more by pattern.
 */
import type { AgentEvent } from '$lib/agent';
import { redactDeep } from '../redact';
import { buildSpans, type ServerInfo } from './spans';
import { toOtlpJson, type OtlpTraceRequest } from './otlp-json';

/** Options for {@link buildOtlpTrace}. */
export interface OtlpExportOptions {
	/** Exact secret values to scrub wherever they appear (the configured API key). */
	secrets?: readonly string[];
	/** Remote MCP servers by display name, for the MCP client attributes. */
	servers?: Readonly<Record<string, ServerInfo>>;
	conversationId?: string;
	/** The app's version (`service.version`). */
	serviceVersion?: string;
}

/** The service name the app reports. */
export const otelServiceName = 'autoui';

/** A redacted OTLP/JSON trace request of `events`. */
export function buildOtlpTrace(events: readonly AgentEvent[], options: OtlpExportOptions = {}): OtlpTraceRequest {
	const clean = redactDeep([...events], options.secrets);
	const spans = buildSpans(clean, { servers: options.servers, conversationId: options.conversationId });
	return redactDeep(
		toOtlpJson(spans, { serviceName: otelServiceName, serviceVersion: options.serviceVersion }),
		options.secrets
	);
}

/** The request as the text of a file. */
export function serializeOtlp(request: OtlpTraceRequest): string {
	return `${JSON.stringify(request)}\n`;
}

/** A file name for an export at `date`: `autoui-otlp-2025-01-31T10-20-30.json`. */
export function otlpFileName(date = new Date()): string {
	return `autoui-otlp-${date.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
}
