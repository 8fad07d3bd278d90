/**
 * OpenTelemetry export of a session: spans per the GenAI and MCP semantic conventions,
 * built from AgentEvents only, serialised as OTLP/JSON. Loaded on demand by the console.
 */
export { buildSpans } from './spans';
export type { AttributeValue, ServerInfo, Span, SpanOptions } from './spans';
export { toOtlpJson, toAttributes, msToNanos } from './otlp-json';
export type { OtlpAttribute, OtlpSource, OtlpSpan, OtlpTraceRequest, OtlpValue } from './otlp-json';
export { buildOtlpTrace, serializeOtlp, otlpFileName, otelServiceName } from './export';
export type { OtlpExportOptions } from './export';
