/**
 * Sees every JSON-RPC message a client sends and receives: a transport wrapper that reports
 * each message (direction, time) and otherwise passes everything through unchanged. The
 * protocol log (console) is built from these reports.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

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
		setProtocolVersion: inner.setProtocolVersion ? (version: string) => inner.setProtocolVersion?.(version) : undefined
	};
	Object.defineProperties(tapped, {
		onmessage: {
			get: () => inner.onmessage,
			set(handler: Transport['onmessage']) {
				inner.onmessage = handler
					? <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => {
							report('in', message);
							handler(message, extra);
						}
					: undefined;
			}
		},
		onclose: { get: () => inner.onclose, set: (handler: Transport['onclose']) => (inner.onclose = handler) },
		onerror: { get: () => inner.onerror, set: (handler: Transport['onerror']) => (inner.onerror = handler) }
	});
	return tapped;
}
