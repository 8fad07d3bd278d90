/**
 * Turns DuckDB errors into typed errors a model can correct from: an unknown column lists
 * the columns that exist in the data sets the query names, an unknown table lists the data
 * set names, a blocked file access says only the data sets are readable.
 */
import { AutoUiError, errorMessage } from '$lib/shared';
import type { ColumnInfo } from './normalize';

/** What the explanation may mention: the data set names and the columns of those in the query. */
export interface ErrorContext {
	datasetNames: readonly string[];
	/** Columns of the data sets the query referred to. */
	referenced: ReadonlyMap<string, readonly ColumnInfo[]>;
}

const COLUMN_MISSING =
	/Referenced column|not found in FROM clause|does not have a column named|Column with name .* does not exist/i;
const TABLE_MISSING =
	/Table with name .* does not exist|Table Function with name .* does not exist|Referenced table .* not found/i;
const FILE_BLOCKED = /Permission Error|file system operations are disabled|Cannot access (file|directory)/i;
const OUT_OF_MEMORY = /Out of Memory|memory limit/i;

function listColumns(context: ErrorContext): string {
	if (context.referenced.size === 0) return '';
	const lines = [...context.referenced].map(
		([name, columns]) =>
			`Columns of ${name}: ${columns.map((column) => `${formatName(column.name)} (${column.type})`).join(', ')}.`
	);
	return `\n${lines.join('\n')}\nQuote names with spaces or capitals in double quotes, e.g. "IMDB Rating".`;
}

/** A column name as it must be written in SQL when it is not a plain lower-case identifier. */
function formatName(name: string): string {
	return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name}"`;
}

/** The typed error for a failed DuckDB statement. */
export function explainDuckDbError(error: unknown, context: ErrorContext): AutoUiError {
	const message = errorMessage(error).trim();
	if (FILE_BLOCKED.test(message)) {
		return new AutoUiError(
			'denied',
			`Files and URLs cannot be read: query the data sets by table name instead (${context.datasetNames.join(', ')}).`,
			{ cause: error }
		);
	}
	if (OUT_OF_MEMORY.test(message)) {
		return new AutoUiError(
			'limit_exceeded',
			`The query needs more memory than the server allows. Aggregate or filter earlier. (${firstLine(message)})`,
			{
				cause: error
			}
		);
	}
	if (TABLE_MISSING.test(message)) {
		return new AutoUiError('not_found', `${message}\nAvailable data sets: ${context.datasetNames.join(', ')}.`, {
			cause: error
		});
	}
	if (COLUMN_MISSING.test(message)) {
		return new AutoUiError('invalid_argument', `${message}${listColumns(context)}`, { cause: error });
	}
	return new AutoUiError('invalid_argument', message, { cause: error });
}

function firstLine(text: string): string {
	return text.split('\n')[0];
}
