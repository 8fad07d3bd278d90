/**
 * Named parameters of `query_sql`: `$origin` in the SQL, `params: { "origin": "Japan" }` in
 * the call. Values are bound to DuckDB's prepared statement, never written into the SQL
 * text, so `' OR 1=1 --` is a string compared like any other. Every mismatch — a `$name`
 * without a value, a value the SQL does not use, positional `$1` / `?`, a value that is not a
 * string, number, boolean, date, list of one of them or null — is an error naming the fix.
 */
import {
	BOOLEAN,
	DOUBLE,
	LIST,
	VARCHAR,
	listValue,
	type DuckDBPreparedStatement,
	type DuckDBType,
	type DuckDBValue
} from '@duckdb/node-api';
import { AutoUiError, checkParamValue, isPlainObject, paramLimits, paramNameError, type ParamValue } from '$lib/shared';

/** Parameter values by name, checked. */
export type SqlParams = Record<string, ParamValue>;

/** Checks the `params` of a call; throws `invalid_argument` naming the first bad entry. */
export function checkSqlParams(input: unknown): SqlParams {
	if (input === undefined || input === null) return {};
	if (!isPlainObject(input))
		throw new AutoUiError(
			'invalid_argument',
			'params must be an object of values by name, e.g. {"origin": "Japan"} for $origin in the SQL.'
		);
	const entries = Object.entries(input);
	if (entries.length > paramLimits.count)
		throw new AutoUiError(
			'invalid_argument',
			`params holds ${entries.length} values; at most ${paramLimits.count} are allowed.`
		);
	const out: SqlParams = {};
	for (const [name, value] of entries) {
		const badName = paramNameError(name);
		if (badName) throw new AutoUiError('invalid_argument', `params: ${badName}.`);
		const checked = checkParamValue(value);
		if (!checked.ok) throw new AutoUiError('invalid_argument', `params.${name}: ${checked.error}.`);
		out[name] = checked.value;
	}
	return out;
}

/** The DuckDB value and type of one parameter value. */
function duckValue(value: ParamValue): { value: DuckDBValue; type?: DuckDBType } {
	if (value === null) return { value: null };
	if (Array.isArray(value)) {
		const item = typeof value[0] === 'number' ? DOUBLE : typeof value[0] === 'boolean' ? BOOLEAN : VARCHAR;
		return { value: listValue(value), type: LIST(item) };
	}
	if (typeof value === 'number') return { value, type: DOUBLE };
	if (typeof value === 'boolean') return { value, type: BOOLEAN };
	return { value, type: VARCHAR };
}

/** The names of the statement's parameters, in order (`$origin` → "origin"; positional ones are numbers). */
export function statementParameterNames(prepared: DuckDBPreparedStatement): string[] {
	const names: string[] = [];
	for (let index = 1; index <= prepared.parameterCount; index++) names.push(prepared.parameterName(index));
	return names;
}

/**
 * Binds `params` to `prepared` by name. The SQL's `$names` and the params' names must match
 * exactly; an unset value is passed as `null` (write `$name IS NULL OR …` to ignore it).
 */
export function bindSqlParams(prepared: DuckDBPreparedStatement, params: SqlParams): void {
	const names = [...new Set(statementParameterNames(prepared))];
	const given = Object.keys(params);
	if (names.length === 0 && given.length === 0) return;
	if (names.some((name) => /^\d+$/.test(name))) {
		throw new AutoUiError(
			'invalid_argument',
			'Positional parameters ($1, ?) are not supported: name them ($origin) and pass params: {"origin": …}.'
		);
	}
	const missing = names.filter((name) => !Object.hasOwn(params, name));
	if (missing.length) {
		throw new AutoUiError(
			'invalid_argument',
			`The SQL uses ${missing.map((name) => `$${name}`).join(', ')} but params has no value for ${missing.length === 1 ? 'it' : 'them'}: pass params: {${missing.map((name) => `"${name}": …`).join(', ')}} (null when unset).`
		);
	}
	const unused = given.filter((name) => !names.includes(name));
	if (unused.length) {
		const uses = names.length ? `it uses ${names.map((name) => `$${name}`).join(', ')}` : 'it has no $name parameters';
		throw new AutoUiError(
			'invalid_argument',
			`params ${unused.map((name) => `"${name}"`).join(', ')} ${unused.length === 1 ? 'is' : 'are'} not used by the SQL (${uses}): write $${unused[0]} where the value goes, or leave it out.`
		);
	}
	const values: Record<string, DuckDBValue> = {};
	const types: Record<string, DuckDBType | undefined> = {};
	for (const name of names) {
		const bound = duckValue(params[name]);
		values[name] = bound.value;
		types[name] = bound.type;
	}
	prepared.bind(values, types);
}
