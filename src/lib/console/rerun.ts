/**
 * Re-running a tool call from the console: the state a re-run is in, and the helper that
 * turns the page's `onRerun` callback into that state (a rejection becomes `failed` with
 * its message, never an unhandled error).
 */
import { errorMessage } from '$lib/shared';

/** The outcome the page's re-run callback reports. */
export interface RerunOutcome {
	result: string;
	isError: boolean;
	elapsedMs: number;
}

/** Where a re-run stands. */
export type RerunState =
	{ status: 'running' } | ({ status: 'done' } & RerunOutcome) | { status: 'failed'; message: string };

/** Runs `rerun(callId)` and reports the final state. */
export async function settleRerun(
	rerun: (callId: string) => Promise<RerunOutcome>,
	callId: string
): Promise<RerunState> {
	try {
		const outcome = await rerun(callId);
		return { status: 'done', result: outcome.result, isError: outcome.isError, elapsedMs: outcome.elapsedMs };
	} catch (error) {
		return { status: 'failed', message: errorMessage(error) };
	}
}
