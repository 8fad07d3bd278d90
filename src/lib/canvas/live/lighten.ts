/**
 * Lighter records for a share link that would exceed 64 KB: a live widget's data can be
 * fetched again from its source, so its lists of rows are left out (emptied where the
 * source's `{"$ref": "source…"}` puts them) and the source is marked `rowsLeftOut`; the
 * widget refreshes when the link is opened with the source's server connected.
 */
import { isReference } from '$lib/agent/references';
import { isPlainObject } from '$lib/shared';
import type { WidgetRecord } from '../types';

/** True when a `$ref` value names the widget's own source. */
function isSourceReference(value: unknown): boolean {
	return isReference(value) && (value.$ref === 'source' || value.$ref.startsWith('source#'));
}

/** Empties the lists that `template`'s source references put into `params`; reports whether any was. */
function emptyBound(template: unknown, params: unknown): { value: unknown; changed: boolean } {
	if (isSourceReference(template))
		return Array.isArray(params) && params.length ? { value: [], changed: true } : { value: params, changed: false };
	if (Array.isArray(template) && Array.isArray(params)) {
		let changed = false;
		const value = params.map((item, index) => {
			const next = emptyBound(template[index], item);
			changed ||= next.changed;
			return next.value;
		});
		return { value, changed };
	}
	if (isPlainObject(template) && isPlainObject(params)) {
		let changed = false;
		const value: Record<string, unknown> = { ...params };
		for (const key of Object.keys(template)) {
			if (!(key in params)) continue;
			const next = emptyBound(template[key], params[key]);
			changed ||= next.changed;
			value[key] = next.value;
		}
		return { value, changed };
	}
	return { value: params, changed: false };
}

/**
 * Returns the records with every live widget's source-bound rows left out, or undefined when
 * no record had rows to leave out (a share link's `lighten` step).
 */
export function leaveOutLiveRows(records: readonly WidgetRecord[]): WidgetRecord[] | undefined {
	let any = false;
	const lighter = records.map((record) => {
		if (!record.source) return record;
		const { value, changed } = emptyBound(record.source.params, record.params);
		if (!changed) return record;
		any = true;
		const { fetchedAt: _fetched, error: _error, ...source } = record.source;
		return { ...record, params: value as Record<string, unknown>, source: { ...source, rowsLeftOut: true } };
	});
	return any ? lighter : undefined;
}
