/**
 * The first of two read-only checks on model-written SQL: a defensive lexical pass that
 * accepts a single SELECT / WITH / FROM / VALUES / TABLE / DESCRIBE / SHOW / SUMMARIZE
 * statement and rejects any statement keyword that could change state or reach outside the
 * data sets. The engine then checks DuckDB's own parse (one statement, of SELECT type), and
 * DuckDB's locked configuration (no external access, no extension loading) stops whatever
 * slips past both.
 */
import { AutoUiError } from '$lib/shared';

/** Keywords a read-only query may start with. */
const ALLOWED_FIRST = new Set(['select', 'with', 'from', 'values', 'table', 'describe', 'desc', 'show', 'summarize']);

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

/** Keywords that never appear in a read-only query (outside strings and quoted names). */
const FORBIDDEN = new Set([
	'alter',
	'attach',
	'call',
	'checkpoint',
	'commit',
	'copy',
	'create',
	'deallocate',
	'delete',
	'detach',
	'drop',
	'execute',
	'export',
	'grant',
	'import',
	'insert',
	'install',
	'load',
	'merge',
	'pragma',
	'prepare',
	'reset',
	'revoke',
	'rollback',
	'set',
	'truncate',
	'update',
	'vacuum'
]);

/** The longest SQL text accepted, in characters. */
export const MAX_SQL_LENGTH = 20_000;

/** What scanning SQL found: the text with comments and quoted parts blanked, and where the code ends. */
interface SqlScan {
	masked: string;
	/**
	 * Offset just past the last thing that is not a comment, white space or ";" — string
	 * literals and quoted names count, so a statement ending in `'CA'` keeps it.
	 */
	codeEnd: number;
}

/**
 * Scans SQL once: blanks comments, string literals and quoted identifiers (keeping offsets)
 * and records where the statement's code ends. Throws `invalid_argument` on an unterminated
 * string, identifier or comment.
 */
function scanSql(sql: string): SqlScan {
	let out = '';
	let index = 0;
	let codeEnd = 0;
	const blank = (text: string) => text.replace(/[^\n]/g, ' ');
	while (index < sql.length) {
		const char = sql[index];
		const next = sql[index + 1];
		if (char === '-' && next === '-') {
			const end = sql.indexOf('\n', index);
			const stop = end === -1 ? sql.length : end;
			out += blank(sql.slice(index, stop));
			index = stop;
		} else if (char === '/' && next === '*') {
			const end = sql.indexOf('*/', index + 2);
			if (end === -1) throw new AutoUiError('invalid_argument', 'The SQL has an unterminated /* comment.');
			out += blank(sql.slice(index, end + 2));
			index = end + 2;
		} else if (char === "'" || char === '"') {
			const escapes = char === "'" && /[eE]/.test(sql[index - 1] ?? '') && !/\w/.test(sql[index - 2] ?? '');
			const end = closingQuote(sql, index, char, escapes);
			if (end === -1) {
				const what = char === "'" ? 'string literal' : 'quoted identifier';
				throw new AutoUiError('invalid_argument', `The SQL has an unterminated ${what} (missing closing ${char}).`);
			}
			out += blank(sql.slice(index, end + 1));
			index = end + 1;
			codeEnd = index;
		} else if (
			char === '$' &&
			!/\w/.test(sql[index - 1] ?? '') &&
			/^\$([A-Za-z_]\w*)?\$/.test(sql.slice(index, index + 66))
		) {
			const tag = /^\$([A-Za-z_]\w*)?\$/.exec(sql.slice(index, index + 66))![0];
			const end = sql.indexOf(tag, index + tag.length);
			if (end === -1) throw new AutoUiError('invalid_argument', `The SQL has an unterminated ${tag} string.`);
			out += blank(sql.slice(index, end + tag.length));
			index = end + tag.length;
			codeEnd = index;
		} else {
			out += char;
			index++;
			if (char !== ';' && !/\s/.test(char)) codeEnd = index;
		}
	}
	return { masked: out, codeEnd };
}

/**
 * Replaces comments, string literals and quoted identifiers with spaces, keeping offsets,
 * so keywords can be found in the code alone. Throws `invalid_argument` on an unterminated
 * string, identifier or comment.
 */
export function maskSql(sql: string): string {
	return scanSql(sql).masked;
}

function closingQuote(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
	let index = start + 1;
	while (index < sql.length) {
		const char = sql[index];
		if (backslashEscapes && char === '\\') index += 2;
		else if (char === quote && sql[index + 1] === quote) index += 2;
		else if (char === quote) return index;
		else index++;
	}
	return -1;
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
