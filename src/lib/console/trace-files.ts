/**
 * The console's files: a session's trace (`autoui-trace`) and its OpenTelemetry export as
 * downloads, and a trace file read back. The trace and OTLP code load with the first use.
 */
import type { AgentEvent } from '$lib/agent/events';
import { AutoUiError, errorMessage } from '$lib/shared';
import { downloadText } from '$lib/shared/download';
import type { TraceOptions } from './trace';
import type { OtlpExportOptions } from './otel/export';

/** Downloads `events` as an `autoui-trace` file. */
export async function downloadTrace(events: readonly AgentEvent[], options: TraceOptions): Promise<void> {
	const { buildTrace, serializeTrace, traceFileName } = await import('./trace');
	downloadText(serializeTrace(buildTrace(events, options)), traceFileName(), 'application/json');
}

/** Downloads `events` as OTLP/JSON spans. */
export async function downloadOtel(events: readonly AgentEvent[], options: OtlpExportOptions): Promise<void> {
	const { buildOtlpTrace, serializeOtlp, otlpFileName } = await import('./otel');
	downloadText(serializeOtlp(buildOtlpTrace(events, options)), otlpFileName(), 'application/json');
}

/** Reads a trace file; throws an AutoUiError that says why it cannot be loaded. */
export async function readTraceFile(file: File): Promise<{ name: string; events: AgentEvent[] }> {
	const { parseTrace } = await import('./trace');
	try {
		return { name: file.name, events: parseTrace(await file.text()).events };
	} catch (error) {
		if (error instanceof AutoUiError) throw error;
		throw new AutoUiError('invalid_argument', `This trace file cannot be loaded: ${errorMessage(error)}`);
	}
}
