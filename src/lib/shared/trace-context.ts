/**
 * W3C Trace Context ids derived from the app's own ids: a turn's trace id from its turn id,
 * a span id from what the span stands for (a turn, a model request, a tool call). Derived,
 * not random, so the `traceparent` sent with an MCP request names the very span the
 * OpenTelemetry export later writes for that call, and the server's spans join our trace.
 */

/** 32-bit FNV-1a of `text`, started from `seed`. */
function fnv1a(text: string, seed: number): number {
	let hash = seed >>> 0;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	hash ^= hash >>> 15;
	hash = Math.imul(hash, 0x2c1b3c6d);
	hash ^= hash >>> 12;
	return hash >>> 0;
}

/** `bytes` bytes of hash of `text`, as lower-case hex; never all zeros (invalid in W3C). */
function hashHex(text: string, bytes: number): string {
	let out = '';
	for (let word = 0; out.length < bytes * 2; word++)
		out += fnv1a(text, 0x811c9dc5 ^ Math.imul(word + 1, 0x9e3779b1))
			.toString(16)
			.padStart(8, '0');
	out = out.slice(0, bytes * 2);
	return /^0+$/.test(out) ? `${out.slice(0, -1)}1` : out;
}

/** The 16-byte trace id (32 hex digits) of a turn, or of a call made outside any turn. */
export function traceIdFor(turnId: string): string {
	return hashHex(`trace:${turnId}`, 16);
}

/** What a span stands for: the turn, one model request (by iteration), one tool call. */
export type SpanSubject = { turn: string } | { request: string; iteration: number } | { call: string };

/** The 8-byte span id (16 hex digits) of a span. */
export function spanIdFor(subject: SpanSubject): string {
	if ('turn' in subject) return hashHex(`turn:${subject.turn}`, 8);
	if ('request' in subject) return hashHex(`request:${subject.request}:${subject.iteration}`, 8);
	return hashHex(`call:${subject.call}`, 8);
}

/** The `traceparent` header value (version 00, sampled) naming a span. */
export function traceparent(traceId: string, spanId: string): string {
	return `00-${traceId}-${spanId}-01`;
}

/** The `traceparent` of a tool call's span: what an MCP request carries in `_meta`. */
export function callTraceparent(turnId: string, callId: string): string {
	return traceparent(traceIdFor(turnId), spanIdFor({ call: callId }));
}
