/**
 * Parameter values: what a canvas parameter, a widget selection, a filter control and a SQL
 * query's `params` hold. One small vocabulary shared by the canvas, the widgets and the
 * datasets server: a string, a number, a boolean, a date (an ISO string), a list of one of
 * them, or `null` for "unset". Anything else is refused with a message that says what is
 * accepted, so a hostile or mistaken value is an error, never code.
 */

/** One value of a parameter. */
export type ParamScalar = string | number | boolean;
/** A parameter's value: a scalar, a list of scalars of one type, or `null` (unset). */
export type ParamValue = ParamScalar | ParamScalar[] | null;
/** Parameter values by name. */
export type ParamValues = Readonly<Record<string, ParamValue>>;

/** Bounds of names and values (a value past them is refused, never cut). */
export const paramLimits = { nameLength: 64, stringLength: 16_384, listItems: 1_000, count: 100 } as const;

const namePattern = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** True for a usable parameter name: letters, digits and `_`, not starting with a digit (so `$name` works in SQL). */
export function isParamName(name: unknown): name is string {
	return typeof name === 'string' && namePattern.test(name);
}

/** Why `name` is not a parameter name, or undefined when it is one. */
export function paramNameError(name: unknown): string | undefined {
	if (isParamName(name)) return undefined;
	const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 80)) : typeof name;
	return `${shown} is not a parameter name: use letters, digits and _ (not starting with a digit), at most ${paramLimits.nameLength} characters, e.g. "origin"`;
}

/** The outcome of checking a value. */
export type ParamValueCheck = { ok: true; value: ParamValue } | { ok: false; error: string };

function describeType(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (value === null) return 'null';
	return typeof value === 'object' ? 'an object' : typeof value;
}

function checkScalar(value: unknown): ParamValueCheck {
	if (typeof value === 'string') {
		if (value.length > paramLimits.stringLength) {
			return {
				ok: false,
				error: `a text value is ${value.length} characters long; at most ${paramLimits.stringLength} are allowed`
			};
		}
		return { ok: true, value };
	}
	if (typeof value === 'number')
		return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: `${value} is not a finite number` };
	if (typeof value === 'boolean') return { ok: true, value };
	return {
		ok: false,
		error: `a parameter holds a string, number, boolean, date (ISO string), a list of one of them, or null; got ${describeType(value)}`
	};
}

/**
 * Checks and normalises a value: `undefined` and an empty list become `null`, a list keeps
 * its first occurrence of each item and must hold one type of scalar.
 */
export function checkParamValue(value: unknown): ParamValueCheck {
	if (value === null || value === undefined) return { ok: true, value: null };
	if (!Array.isArray(value)) return checkScalar(value);
	if (value.length > paramLimits.listItems)
		return { ok: false, error: `a list holds ${value.length} items; at most ${paramLimits.listItems} are allowed` };
	const items: ParamScalar[] = [];
	for (const item of value) {
		const checked = checkScalar(item);
		if (!checked.ok) return { ok: false, error: `list item ${items.length + 1}: ${checked.error}` };
		if (items.length && typeof item !== typeof items[0]) {
			return { ok: false, error: `a list holds items of one type; got ${typeof items[0]} and ${typeof item}` };
		}
		if (!items.includes(item as ParamScalar)) items.push(item as ParamScalar);
	}
	return { ok: true, value: items.length ? items : null };
}

/** True when two values are the same (lists item by item, in order). */
export function sameParamValue(a: ParamValue | undefined, b: ParamValue | undefined): boolean {
	const left = a ?? null;
	const right = b ?? null;
	if (Array.isArray(left) && Array.isArray(right))
		return left.length === right.length && left.every((item, index) => item === right[index]);
	return left === right;
}

/** The values as a list (a scalar is a list of one, `null` an empty list). */
export function paramItems(value: ParamValue | undefined): ParamScalar[] {
	if (value === null || value === undefined) return [];
	return Array.isArray(value) ? value : [value];
}

/**
 * What a click on a mark with `value` makes of the parameter: a plain click selects it, or
 * clears it when it is what is selected; an additive click (Shift) adds it to a list, or takes
 * it out of the list (an empty list is `null`).
 */
export function pickParamValue(current: ParamValue | undefined, value: ParamScalar, additive: boolean): ParamValue {
	const items = paramItems(current);
	if (!additive) return items.length === 1 && items[0] === value ? null : value;
	const next = items.includes(value) ? items.filter((item) => item !== value) : [...items, value];
	return next.length ? next : null;
}

/** A value for a chip or a summary: lists joined, long text cut with an ellipsis. */
export function formatParamValue(value: ParamValue | undefined, max = 60): string {
	if (value === null || value === undefined) return 'not set';
	const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
