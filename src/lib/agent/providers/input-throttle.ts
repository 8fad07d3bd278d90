/**
 * Paces the partial arguments of streaming tool calls: per call, at most one report every
 * `intervalMs` (the latest text wins; a report held back goes out when the interval ends),
 * so a long argument stream does not flood the listeners. Timers stop with `stop()`.
 */

/** How often one call's partial arguments are reported at most, in ms. */
export const toolInputIntervalMs = 50;

interface CallPace {
	name: string;
	last: number;
	pending?: string;
	timer?: ReturnType<typeof setTimeout>;
}

/** A throttle of partial tool arguments. */
export interface InputThrottle {
	/** The accumulated argument text of call `id` so far. */
	push(id: string, name: string, json: string): void;
	/** Drops what is held back and stops the timers (the stream ended or failed). */
	stop(): void;
}

/** Creates a throttle that reports through `report`. */
export function createInputThrottle(
	report: (id: string, name: string, json: string) => void,
	intervalMs = toolInputIntervalMs
): InputThrottle {
	const calls = new Map<string, CallPace>();
	const send = (id: string, pace: CallPace, json: string) => {
		pace.last = Date.now();
		pace.pending = undefined;
		report(id, pace.name, json);
	};
	return {
		push(id, name, json) {
			let pace = calls.get(id);
			if (!pace) {
				pace = { name, last: -Infinity };
				calls.set(id, pace);
			}
			const wait = pace.last + intervalMs - Date.now();
			if (wait <= 0 && !pace.timer) {
				send(id, pace, json);
				return;
			}
			pace.pending = json;
			const held = pace;
			pace.timer ??= setTimeout(
				() => {
					held.timer = undefined;
					if (held.pending !== undefined) send(id, held, held.pending);
				},
				Math.max(0, wait)
			);
		},
		stop() {
			for (const pace of calls.values()) if (pace.timer) clearTimeout(pace.timer);
			calls.clear();
		}
	};
}
