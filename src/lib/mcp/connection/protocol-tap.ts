/**
 * Sees every JSON-RPC message a client sends and receives: a transport wrapper that reports
 * each message (direction, time) and otherwise passes everything through unchanged. The
 * protocol log (console) is built from these reports.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

/** One message as it crossed the wire. */
export interface WireMessage {
	direction: 'out' | 'in';
	message: JSONRPCMessage;
	/** Epoch milliseconds. */
	at: number;
	/** The transport's session id at that moment (Streamable HTTP), if any. */
	sessionId?: string;
}

/** Receives every message of a connection. Must not throw (errors are swallowed). */
export type WireListener = (message: WireMessage) => void;

/** Wraps `inner` so `listener` sees every message both ways. */
export function tapTransport(inner: Transport, listener: WireListener): Transport {
	const report = (direction: WireMessage['direction'], message: JSONRPCMessage) => {
		try {
			listener({ direction, message, at: Date.now(), sessionId: inner.sessionId });
		} catch {
			// A broken listener must never break the connection.
		}
	};
	// The handler as the client set it (the SDK saves and restores it around the
	// 2026-07-28 `server/discover` probe, so the getter must hand back the unwrapped one).
	let handler: Transport['onmessage'];
	const tapped: Transport = {
		start: () => inner.start(),
		close: () => inner.close(),
		send(message: JSONRPCMessage, options?: TransportSendOptions) {
			report('out', message);
			return inner.send(message, options);
		},
		get sessionId() {
			return inner.sessionId;
		},
		get hasPerRequestStream() {
			return inner.hasPerRequestStream;
		},
		setProtocolVersion: inner.setProtocolVersion ? (version: string) => inner.setProtocolVersion?.(version) : undefined,
		setSupportedProtocolVersions: inner.setSupportedProtocolVersions
			? (versions: string[]) => inner.setSupportedProtocolVersions?.(versions)
			: undefined
	};
	Object.defineProperties(tapped, {
		onmessage: {
			get: () => handler,
			set(next: Transport['onmessage']) {
				handler = next;
				inner.onmessage = next
					? <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => {
							report('in', message);
							next(message, extra);
						}
					: undefined;
			}
		},
		onclose: { get: () => inner.onclose, set: (next: Transport['onclose']) => (inner.onclose = next) },
		onerror: { get: () => inner.onerror, set: (next: Transport['onerror']) => (inner.onerror = next) }
	});
	return tapped;
}
