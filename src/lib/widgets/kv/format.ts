/**
 * How a kv value reads: booleans as Yes/No, empty as a dash, numbers formatted — except a
 * year, which is never grouped ("Founded: 2011", not "2,011"). A whole number from 1000 to
 * 2999 counts as a year when its key says so (year, founded, born, since, …).
 */
import { toText } from '../shared/values';

const yearKey =
	/\b(year|yr|founded|established|since|born|died|built|opened|launched|release[ds]?|season|vintage|incorporated|started)\b|年/i;

/** True when `value` under `key` is a calendar year. */
export function isYear(key: unknown, value: unknown): boolean {
	return (
		typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 2999 && yearKey.test(toText(key))
	);
}

/** The text shown for a kv value. */
export function kvValueText(key: unknown, value: unknown): string {
	if (value === true) return 'Yes';
	if (value === false) return 'No';
	if (isYear(key, value)) return String(value);
	const text = toText(value);
	return text === '' ? '—' : text;
}
