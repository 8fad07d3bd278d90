/**
 * The composer's guard against huge pastes: a paste over the threshold is held until the user
 * confirms it, with its size and an estimate of the tokens it will cost.
 */

/** Pastes longer than this many characters ask first. */
export const LARGE_PASTE_CHARS = 20_000;

/** Rough token estimate for English text and code (characters / 4), as the console uses. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/** The confirmation text for a held paste. */
export function pasteSummary(text: string): string {
	const lines = text.split('\n').length;
	return `Paste ${text.length.toLocaleString('en-US')} characters (${lines.toLocaleString('en-US')} lines, about ${estimateTokens(text).toLocaleString('en-US')} tokens)?`;
}

/** `value` with `inserted` replacing the selection [start, end). */
export function insertAt(
	value: string,
	inserted: string,
	start: number,
	end: number
): { value: string; caret: number } {
	const from = Math.max(0, Math.min(start, value.length));
	const to = Math.max(from, Math.min(end, value.length));
	return { value: value.slice(0, from) + inserted + value.slice(to), caret: from + inserted.length };
}
