/**
 * The first of two read-only checks on model-written SQL: a defensive lexical pass that
 * accepts a single SELECT / WITH / FROM / VALUES / TABLE / DESCRIBE / SHOW / SUMMARIZE
 * statement and rejects any statement keyword that could change state or reach outside the
 * data sets. The engine then checks DuckDB's own parse (one statement, of SELECT type), and
 * DuckDB's locked configuration (no external access, no extension loading) stops whatever
 * slips past both.
 */
import { AutoUiError } from '$lib/shared';
import { ALLOWED_FIRST, FORBIDDEN, MAX_SQL_LENGTH, scanSql } from '$lib/shared/sql-scan';

/**
 * Functions that reveal the server rather than the data (settings include the install path
 * in `allowed_directories`, the temporary directory, extension paths).
 */
const INTERNAL_FUNCTIONS = new Set([
	'duckdb_settings',
	'current_setting',
	'duckdb_views',
	'duckdb_extensions',
	'duckdb_secrets',
	'duckdb_temporary_files',
	'duckdb_databases',
	'getenv',
	'which_secret'
]);

/**
 * Replaces comments, string literals and quoted identifiers with spaces, keeping offsets,
 * so keywords can be found in the code alone. Throws `invalid_argument` on an unterminated
 * string, identifier or comment.
 */
export function maskSql(sql: string): string {
	return scanSql(sql).masked;
}

/**
 * Checks that `sql` is one read-only statement and returns it without trailing semicolons.
 * Throws `invalid_argument` (empty, too long, several statements) or `denied` (a statement
 * kind or keyword that is not read-only), with a message that says what is allowed.
 */
export function assertReadOnlySql(sql: string): string {
	const text = sql.trim();
	if (!text) throw new AutoUiError('invalid_argument', 'The SQL is empty; write one SELECT statement.');
	if (text.length > MAX_SQL_LENGTH) {
		throw new AutoUiError(
			'invalid_argument',
			`The SQL is ${text.length} characters long; the limit is ${MAX_SQL_LENGTH}.`
		);
	}
	const { masked, codeEnd } = scanSql(text);
	// Trailing semicolons and comments go; what was masked (a literal, a quoted name) stays.
	const body = masked.slice(0, codeEnd);
	if (body.includes(';')) {
		throw new AutoUiError(
			'invalid_argument',
			'Send one statement at a time: the SQL contains several statements separated by ";".'
		);
	}
	const words = body.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [];
	const first = words[0];
	if (!first || !ALLOWED_FIRST.has(first)) {
		throw new AutoUiError(
			'denied',
			`Only read-only queries are allowed: start with SELECT, WITH, FROM, DESCRIBE, SHOW or SUMMARIZE (got ${first ? first.toUpperCase() : 'no keyword'}).`
		);
	}
	const internal = words.find((word) => INTERNAL_FUNCTIONS.has(word));
	if (internal) {
		throw new AutoUiError(
			'denied',
			`${internal}() describes the server itself, not the data sets, and is not available. Use list_datasets, describe_dataset or DESCRIBE <table>.`
		);
	}
	const forbidden = words.find((word) => FORBIDDEN.has(word));
	if (forbidden) {
		throw new AutoUiError(
			'denied',
			`${forbidden.toUpperCase()} is not allowed: the data sets are read-only. If "${forbidden}" is a column, quote it as "${forbidden}".`
		);
	}
	return text.slice(0, codeEnd);
}
