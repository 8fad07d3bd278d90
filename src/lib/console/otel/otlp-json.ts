/**
 * Spans → OTLP/JSON (`ExportTraceServiceRequest`), as the OTLP specification maps the
 * protobuf messages to JSON: lowerCamelCase fields, trace and span ids as hex, 64-bit
 * integers (times in nanoseconds, integer attributes) as decimal strings, enums as numbers.
 * The same body is what an OTLP/HTTP collector accepts at `/v1/traces`.
 */
import type { AttributeValue, Span } from './spans';

/** An OTLP `AnyValue`. */
export type OtlpValue =
	| { stringValue: string }
	| { intValue: string }
	| { doubleValue: number }
	| { boolValue: boolean }
	| { arrayValue: { values: OtlpValue[] } };

/** An OTLP `KeyValue`. */
export interface OtlpAttribute {
	key: string;
	value: OtlpValue;
}

/** An OTLP span as JSON. */
export interface OtlpSpan {
	traceId: string;
	spanId: string;
	parentSpanId?: string;
	name: string;
	kind: number;
	startTimeUnixNano: string;
	endTimeUnixNano: string;
	attributes: OtlpAttribute[];
	events: { timeUnixNano: string; name: string; attributes: OtlpAttribute[] }[];
	status: { code: number; message?: string };
}

/** The whole request body. */
export interface OtlpTraceRequest {
	resourceSpans: {
		resource: { attributes: OtlpAttribute[] };
		scopeSpans: { scope: { name: string; version?: string }; spans: OtlpSpan[] }[];
	}[];
}

/** Who produced the spans (`service.*` resource attributes and the instrumentation scope). */
export interface OtlpSource {
	serviceName: string;
	serviceVersion?: string;
}

const spanKinds = { internal: 1, client: 3 } as const;
const statusCodes = { unset: 0, ok: 1, error: 2 } as const;

/** Epoch milliseconds (possibly fractional) as nanoseconds in a decimal string. */
export function msToNanos(ms: number): string {
	const whole = Math.floor(ms);
	const fraction = Math.round((ms - whole) * 1e6);
	return (BigInt(whole) * 1_000_000n + BigInt(fraction)).toString();
}

function toValue(value: AttributeValue): OtlpValue {
	if (Array.isArray(value)) return { arrayValue: { values: value.map((item) => ({ stringValue: item })) } };
	if (typeof value === 'boolean') return { boolValue: value };
	if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
	return { stringValue: value };
}

/** Attributes as OTLP key/value pairs. */
export function toAttributes(attributes: Record<string, AttributeValue>): OtlpAttribute[] {
	return Object.entries(attributes).map(([key, value]) => ({ key, value: toValue(value) }));
}

/** The OTLP/JSON body for `spans`. */
export function toOtlpJson(spans: readonly Span[], source: OtlpSource): OtlpTraceRequest {
	return {
		resourceSpans: [
			{
				resource: {
					attributes: toAttributes({
						'service.name': source.serviceName,
						...(source.serviceVersion ? { 'service.version': source.serviceVersion } : {}),
						'telemetry.sdk.language': 'webjs'
					})
				},
				scopeSpans: [
					{
						scope: { name: source.serviceName, ...(source.serviceVersion ? { version: source.serviceVersion } : {}) },
						spans: spans.map((span) => ({
							traceId: span.traceId,
							spanId: span.spanId,
							...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
							name: span.name,
							kind: spanKinds[span.kind],
							startTimeUnixNano: msToNanos(span.startMs),
							endTimeUnixNano: msToNanos(Math.max(span.endMs, span.startMs)),
							attributes: toAttributes(span.attributes),
							events: span.events.map((event) => ({
								timeUnixNano: msToNanos(event.atMs),
								name: event.name,
								attributes: toAttributes(event.attributes)
							})),
							status: {
								code: statusCodes[span.status.code],
								...(span.status.message ? { message: span.status.message } : {})
							}
						}))
					}
				]
			}
		]
	};
}
