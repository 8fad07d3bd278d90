/**
 * A call's timeout as a clock that can stop: while a server's request (sampling, elicitation)
 * waits for the user, the calls in progress on that server hold their deadlines, so the time
 * the user takes to answer is not counted against the call. The same deadline object travels
 * from the dispatcher down to the connection, so both layers time the call with one clock.
 */
import { AutoUiError } from './errors';

/** A pausable timeout whose `signal` aborts with the parent or when the running time is used up. */
export interface Deadline {
	readonly signal: AbortSignal;
	/** The timeout in milliseconds of running (not held) time. */
	readonly ms: number;
	/** Stops the clock until the returned release is called (holds nest; releasing twice is harmless). */
	hold(): () => void;
	/** Starts counting the full timeout again from now (a call's progress notification). */
	restart(): void;
	/** Stops the timer and detaches from the parent; call when the call ended. */
	dispose(): void;
}

/** A deadline of `ms` running milliseconds that also aborts when `parent` does. */
export function createDeadline(parent: AbortSignal | undefined, ms: number, now: () => number = Date.now): Deadline {
	const controller = new AbortController();
	let holds = 0;
	let remaining = ms;
	let startedAt = now();
	let timer: ReturnType<typeof setTimeout> | undefined;

	const expire = (): void => controller.abort(new AutoUiError('timeout', `The call timed out after ${ms} ms.`));
	const arm = (): void => {
		if (controller.signal.aborted) return;
		startedAt = now();
		timer = setTimeout(expire, Math.max(0, remaining));
	};
	const disarm = (): void => {
		if (timer === undefined) return;
		clearTimeout(timer);
		timer = undefined;
		remaining -= now() - startedAt;
	};
	const onParent = (): void => {
		disarm();
		controller.abort(
			parent?.reason instanceof Error ? parent.reason : new AutoUiError('aborted', 'The operation was cancelled.')
		);
	};
	if (parent?.aborted) onParent();
	else {
		parent?.addEventListener('abort', onParent, { once: true });
		arm();
	}

	return {
		signal: controller.signal,
		ms,
		hold() {
			if (holds++ === 0) disarm();
			let released = false;
			return () => {
				if (released) return;
				released = true;
				if (--holds === 0 && timer === undefined) arm();
			};
		},
		restart() {
			if (timer === undefined && holds > 0) {
				remaining = ms;
				return;
			}
			disarm();
			remaining = ms;
			if (holds === 0) arm();
		},
		dispose() {
			disarm();
			holds = Number.POSITIVE_INFINITY;
			parent?.removeEventListener('abort', onParent);
		}
	};
}
