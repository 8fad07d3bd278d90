/**
 * Stopping the production server. adapter-node answers SIGTERM and SIGINT by closing its
 * listener and waiting for requests in flight (at most `SHUTDOWN_TIMEOUT`, 30 s by default);
 * long-lived streams (MCP GET streams) would hold it that long. Code that keeps such streams
 * registers a drain callback here, called once when the signal arrives, and `/healthz` says
 * the process is draining so a balancer stops sending it new work.
 */
const drains = new Set<() => void>();
let draining = false;
let listening = false;

function beginDrain(): void {
	if (draining) return;
	draining = true;
	for (const drain of drains) {
		try {
			drain();
		} catch {
			// One failing drain must not keep the others from running.
		}
	}
}

/**
 * Calls `drain` once when the process is asked to stop. Signals are watched only when `watch`
 * is true (the production server): under `vite dev` and tests, Ctrl+C keeps its usual meaning.
 */
export function onDrain(drain: () => void, watch: boolean): void {
	drains.add(drain);
	if (draining) drain();
	if (!watch || listening) return;
	listening = true;
	process.once('SIGTERM', beginDrain);
	process.once('SIGINT', beginDrain);
}

/** True once SIGTERM or SIGINT arrived. */
export function isDraining(): boolean {
	return draining;
}
