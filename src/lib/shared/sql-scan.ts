/**
 * The lexical part of the read-only SQL checks (the datasets server's `sql-guard.ts`, the
 * files server's `sql-check.ts`): one scan that blanks comments, string literals, dollar-quoted
 * strings and quoted identifiers (keeping offsets), records where the statement's code ends and
 * collects the strings' contents; and the keyword lists both checks read.
 */
import { AutoUiError } from './errors';

/** Keywords a read-only query may start with. */
export const ALLOWED_FIRST = new Set([
	'select',
	'with',
	'from',
	'values',
	'table',
	'describe',
	'desc',
	'show',
	'summarize'
]);

/** Keywords that never appear in a read-only query (outside strings and quoted names). */
export const FORBIDDEN = new Set([
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
export interface SqlScan {
	masked: string;
	/**
	 * Offset just past the last thing that is not a comment, white space or ";" — string
	 * literals and quoted names count, so a statement ending in `'CA'` keeps it.
	 */
	codeEnd: number;
	/** The contents of the string literals and dollar-quoted strings, in order. */
	literals: string[];
}

/**
 * Scans SQL once: blanks comments, string literals and quoted identifiers (keeping offsets)
 * and records where the statement's code ends. Throws `invalid_argument` on an unterminated
 * string, identifier or comment.
 */
export function scanSql(sql: string): SqlScan {
	let out = '';
	let index = 0;
	let codeEnd = 0;
	const literals: string[] = [];
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
			if (char === "'") literals.push(sql.slice(index + 1, end));
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
			literals.push(sql.slice(index + tag.length, end));
			out += blank(sql.slice(index, end + tag.length));
			index = end + tag.length;
			codeEnd = index;
		} else {
			out += char;
			index++;
			if (char !== ';' && !/\s/.test(char)) codeEnd = index;
		}
	}
	return { masked: out, codeEnd, literals };
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
