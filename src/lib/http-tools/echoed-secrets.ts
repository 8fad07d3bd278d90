/**
 * An API may echo what it was sent: a key in a header or the query comes back in its answer.
 * Before a result leaves the HTTP tool server (to the model, the console, the saved chat, a
 * widget), every exact value of the set's secrets is replaced, in every string of the result.
 */
import type { ToolCallResult } from '$lib/shared';

export const redactedSecret = '[redacted]';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `result` with the secret values scrubbed (the same object when none occurs). */
export function scrubEchoedSecrets(result: ToolCallResult, secrets: readonly string[]): ToolCallResult {
	const usable = [...new Set(secrets.filter((secret) => typeof secret === 'string' && secret.length >= 4))].sort(
		(a, b) => b.length - a.length
	);
	if (!usable.length) return result;
	const pattern = new RegExp(usable.map(escape).join('|'), 'g');
	let found = false;
	const scrub = (value: unknown, depth: number): unknown => {
		if (typeof value === 'string') {
			pattern.lastIndex = 0;
			if (!pattern.test(value)) return value;
			found = true;
			return value.replace(pattern, redactedSecret);
		}
		if (depth > 64 || value === null || typeof value !== 'object') return value;
		if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
		return Object.fromEntries(
			Object.entries(value).map(([key, item]) => [scrub(key, depth + 1) as string, scrub(item, depth + 1)])
		);
	};
	const scrubbed = scrub(result, 0) as ToolCallResult;
	return found ? scrubbed : result;
}
