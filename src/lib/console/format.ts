/**
 * Short, human-readable texts for the console and the chat: value previews, durations,
 * clock times and thousands. Cheap enough for hot loops (no Intl).
 */
import { safeStringify } from '$lib/shared';

/** JSON text of plain event data; falls back to the cycle-safe stringify for odd values. */
function jsonText(value: unknown): string {
	try {
		return JSON.stringify(value) ?? 'null';
	} catch {
		return safeStringify(value);
	}
}

/** A short one-line preview of any value. */
export function preview(value: unknown, max = 120): string {
	const raw = typeof value === 'string' ? value : jsonText(value);
	const text = (raw.length > max * 4 ? raw.slice(0, max * 4) : raw).replace(/\s+/g, ' ').trim();
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Thousands with commas (Intl is slow in hot loops). */
export function thousands(value: number): string {
	return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats milliseconds for people: `850 ms`, `2.4 s`, `1 min 5 s`. */
export function formatDuration(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)} ms`;
	if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
	const minutes = Math.floor(ms / 60_000);
	return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/**
 * The metrics bar's time to first token: the latest, and the median in parentheses only when
 * it differs (the same number twice reads like a mistake).
 */
export function formatFirstToken(ttft: { last: number | null; median: number | null }): string {
	if (ttft.last === null) return '';
	const last = formatDuration(ttft.last);
	const median = ttft.median === null ? last : formatDuration(ttft.median);
	return median === last ? last : `${last} (median ${median})`;
}

/** Wall-clock time with milliseconds, `14:03:07.215`, in local time. */
export function formatClock(at: number): string {
	const date = new Date(at);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}
