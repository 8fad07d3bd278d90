/**
 * Model-written SQL over the files: one read-only statement (SELECT, WITH, FROM, VALUES,
 * TABLE, DESCRIBE, SHOW, SUMMARIZE) that reads only the tables the files became — no
 * statement that writes or configures, no table function that opens a file or a URL, no
 * string literal that names a URL. Named parameters (`$origin`) are checked against
 * `params` both ways and rewritten to positional ones for DuckDB-WASM's prepared
 * statements (which bind by position); a list is bound as one text and split back in SQL,
 * so no value is ever pasted into the query text.
 */
import { AutoUiError, checkParamValue, isPlainObject, paramLimits, paramNameError, type ParamValue } from '$lib/shared';
import { ALLOWED_FIRST, FORBIDDEN, MAX_SQL_LENGTH, scanSql } from '$lib/shared/sql-scan';

/** Functions that read files or URLs, or describe the engine rather than the data. */
const FILE_FUNCTION = /^(read_\w+|\w+_scan|glob|sniff_csv|parquet_\w+|duckdb_\w+|current_setting|getenv|which_secret)$/;

/** A checked statement: its text with `$name` turned into `$1…`, and the values in that order. */
export interface PreparedSql {
	sql: string;
	values: (string | number | boolean | null)[];
}

/** Checks `params` of a call (an object of parameter values by name). */
export function checkParams(input: unknown): Record<string, ParamValue> {
	if (input === undefined || input === null) return {};
	if (!isPlainObject(input))
		throw new AutoUiError('invalid_argument', 'params must be an object of values by name, e.g. {"origin": "Japan"}.');
	const entries = Object.entries(input);
	if (entries.length > paramLimits.count)
		throw new AutoUiError('invalid_argument', `params holds ${entries.length} values; at most ${paramLimits.count}.`);
	const out: Record<string, ParamValue> = {};
	for (const [name, value] of entries) {
		const badName = paramNameError(name);
		if (badName) throw new AutoUiError('invalid_argument', `params: ${badName}.`);
		const checked = checkParamValue(value);
		if (!checked.ok) throw new AutoUiError('invalid_argument', `params.${name}: ${checked.error}.`);
		out[name] = checked.value;
	}
	return out;
}

const SEPARATOR = '\u001f';

/** The SQL for a list parameter: one text split back into a typed list. */
function listSql(position: number, list: readonly (string | number | boolean)[]): string {
	const type = typeof list[0] === 'number' ? 'DOUBLE' : typeof list[0] === 'boolean' ? 'BOOLEAN' : 'VARCHAR';
	return `CAST(CASE WHEN $${position} = '' THEN []::VARCHAR[] ELSE string_split($${position}, chr(31)) END AS ${type}[])`;
}

/** Checks `sql` as one read-only statement over the files and binds `params` to it. */
export function prepareSql(sql: string, params: Record<string, ParamValue> = {}): PreparedSql {
	const text = sql.trim();
	if (!text) throw new AutoUiError('invalid_argument', 'The SQL is empty; write one SELECT statement.');
	if (text.length > MAX_SQL_LENGTH)
		throw new AutoUiError(
			'invalid_argument',
			`The SQL is ${text.length} characters long; the limit is ${MAX_SQL_LENGTH}.`
		);
	const { masked, codeEnd, literals } = scanSql(text);
	const body = masked.slice(0, codeEnd);
	if (body.includes(';'))
		throw new AutoUiError('invalid_argument', 'Send one statement at a time: the SQL contains several statements.');
	const words = body.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [];
	if (!words[0] || !ALLOWED_FIRST.has(words[0]))
		throw new AutoUiError(
			'denied',
			`Only read-only queries are allowed: start with SELECT, WITH, FROM, DESCRIBE, SHOW or SUMMARIZE (got ${words[0]?.toUpperCase() ?? 'no keyword'}).`
		);
	const forbidden = words.find((word) => FORBIDDEN.has(word));
	if (forbidden)
		throw new AutoUiError(
			'denied',
			`${forbidden.toUpperCase()} is not allowed: the files are read-only. If "${forbidden}" is a column, quote it as "${forbidden}".`
		);
	for (const match of body.matchAll(/([a-z_][a-z0-9_]*)\s*\(/gi)) {
		if (FILE_FUNCTION.test(match[1].toLowerCase()))
			throw new AutoUiError(
				'denied',
				`${match[1]}() is not available: query the tables of the added files by name (list_datasets lists them).`
			);
	}
	if (literals.some((literal) => /:\/\/|^\s*\/|\.(csv|tsv|parquet|json|ndjson|xlsx)\s*$/i.test(literal)))
		throw new AutoUiError(
			'denied',
			'Queries read only the tables of the added files, never a file path or a URL: use the table names list_datasets gives.'
		);
	if (/\?/.test(body) || /\$\d/.test(body))
		throw new AutoUiError(
			'invalid_argument',
			'Positional parameters ($1, ?) are not supported: name them ($origin) and pass params: {"origin": …}.'
		);
	const names: string[] = [];
	const values: PreparedSql['values'] = [];
	let out = '';
	let last = 0;
	for (const match of body.matchAll(/\$([A-Za-z_]\w*)/g)) {
		const name = match[1];
		if (!Object.hasOwn(params, name)) continue;
		let position = names.indexOf(name) + 1;
		const value = params[name];
		if (!position) {
			names.push(name);
			values.push(Array.isArray(value) ? value.join(SEPARATOR) : value);
			position = names.length;
		}
		out += text.slice(last, match.index) + (Array.isArray(value) ? listSql(position, value) : `$${position}`);
		last = match.index + match[0].length;
	}
	const used = [...body.matchAll(/\$([A-Za-z_]\w*)/g)].map((match) => match[1]);
	const missing = [...new Set(used.filter((name) => !Object.hasOwn(params, name)))];
	if (missing.length)
		throw new AutoUiError(
			'invalid_argument',
			`The SQL uses ${missing.map((name) => `$${name}`).join(', ')} but params has no value for ${missing.length === 1 ? 'it' : 'them'}: pass params: {${missing.map((name) => `"${name}": …`).join(', ')}} (null when unset).`
		);
	const unused = Object.keys(params).filter((name) => !used.includes(name));
	if (unused.length)
		throw new AutoUiError(
			'invalid_argument',
			`params ${unused.map((name) => `"${name}"`).join(', ')} ${unused.length === 1 ? 'is' : 'are'} not used by the SQL (${used.length ? `it uses ${[...new Set(used)].map((name) => `$${name}`).join(', ')}` : 'it has no $name parameters'}): write $${unused[0]} where the value goes, or leave it out.`
		);
	return { sql: out + text.slice(last, codeEnd), values };
}

/** The table names a statement reads (after FROM or JOIN), lower-case, for "add the file" messages. */
export function tablesRead(sql: string): string[] {
	let masked: string;
	try {
		masked = scanSql(sql).masked;
	} catch {
		return [];
	}
	const names = [...masked.matchAll(/\b(?:from|join)\s+([A-Za-z_][\w]*)/gi)].map((match) => match[1].toLowerCase());
	return [...new Set(names)];
}
