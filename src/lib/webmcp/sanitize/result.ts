/** The outcome of a sanitiser: the cleaned value, or a message saying what is allowed. */
export type Sanitized<T> = { ok: true; value: T } | { ok: false; error: string };

/** Success. */
export function accept<T>(value: T): Sanitized<T> {
	return { ok: true, value };
}

/** Failure with an actionable message. */
export function refuse<T = never>(error: string): Sanitized<T> {
	return { ok: false, error };
}
