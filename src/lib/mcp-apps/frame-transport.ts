/**
 * The app's end of one View's message channel: a JSON-RPC `Transport` over `postMessage`
 * with the sandbox proxy frame. It accepts messages only from that frame's window and the
 * sandbox origin, posts only to the sandbox origin, reports every message (the console logs
 * them with timings), takes the proxy's CSP-violation reports out of the stream, and stops
 * a View that floods it.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isPlainObject } from '$lib/shared';

/** The proxy's notification carrying a View's CSP violation (not part of the View's stream). */
export const violationMethod = 'ui/notifications/sandbox-csp-violation';

/** What the transport tells its owner. */
export interface FrameTransportHooks {
	/** Every message, both ways, after it passed the checks. */
	onTraffic(message: JSONRPCMessage, direction: 'in' | 'out'): void;
	onViolation(report: { directive: string; blockedUri: string }): void;
	/** More than `maxPerSecond` messages arrived within a second; the transport has closed. */
	onFlood(count: number): void;
}

/** A postMessage transport bound to one sandbox frame. */
export class FrameTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;

	#frame: HTMLIFrameElement;
	#origin: string;
	#hooks: FrameTransportHooks;
	#maxPerSecond: number;
	#window: number[] = [];
	#closed = false;

	constructor(frame: HTMLIFrameElement, origin: string, hooks: FrameTransportHooks, maxPerSecond = 200) {
		this.#frame = frame;
		this.#origin = origin;
		this.#hooks = hooks;
		this.#maxPerSecond = maxPerSecond;
	}

	#listener = (event: MessageEvent): void => {
		if (this.#closed || event.source !== this.#frame.contentWindow || event.origin !== this.#origin) return;
		const now = performance.now();
		this.#window.push(now);
		while (this.#window.length && now - this.#window[0] > 1000) this.#window.shift();
		if (this.#window.length > this.#maxPerSecond) {
			const count = this.#window.length;
			void this.close();
			this.#hooks.onFlood(count);
			return;
		}
		const data: unknown = event.data;
		if (!isPlainObject(data) || data.jsonrpc !== '2.0') return;
		if (data.method === violationMethod) {
			const params = isPlainObject(data.params) ? data.params : {};
			this.#hooks.onViolation({
				directive: String(params.directive ?? ''),
				blockedUri: String(params.blockedUri ?? '')
			});
			return;
		}
		const message = data as unknown as JSONRPCMessage;
		this.#hooks.onTraffic(message, 'in');
		this.onmessage?.(message);
	};

	async start(): Promise<void> {
		window.addEventListener('message', this.#listener);
	}

	async send(message: JSONRPCMessage): Promise<void> {
		if (this.#closed) return;
		this.#hooks.onTraffic(message, 'out');
		this.#frame.contentWindow?.postMessage(message, this.#origin);
	}

	async close(): Promise<void> {
		if (this.#closed) return;
		this.#closed = true;
		window.removeEventListener('message', this.#listener);
		this.onclose?.();
	}
}
