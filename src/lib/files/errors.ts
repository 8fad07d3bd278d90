/**
 * DuckDB-WASM's errors as messages a person (or a model) can act on: a malformed CSV names
 * the line and what was wrong, an unknown table lists the tables of the added files, running
 * out of memory says so and what to try.
 */
import { AutoUiError, errorMessage } from '$lib/shared';
import type { LoadedTable } from './engine';

const OUT_OF_MEMORY = /out of memory|memory access out of bounds|Aborted\(|WebAssembly\.Memory|Cannot enlarge memory/i;

/** True when DuckDB-WASM ran out of memory (its worker may need a restart). */
export function isOutOfMemory(error: unknown): boolean {
	return OUT_OF_MEMORY.test(errorMessage(error));
}

function firstLine(text: string): string {
	return text.split('\n')[0].trim();
}

/** Why `fileName` could not be read, naming the line of a malformed CSV. */
export function explainLoadError(error: unknown, fileName: string): AutoUiError {
	const message = errorMessage(error);
	if (error instanceof AutoUiError)
		return new AutoUiError(error.code, `"${fileName}": ${error.message}`, { cause: error });
	if (isOutOfMemory(error))
		return new AutoUiError(
			'limit_exceeded',
			`"${fileName}" did not fit in the memory this tab may use. Try a smaller file, or close other tabs; what is on the canvas and in the chat is kept.`,
			{ cause: error }
		);
	const line = /CSV Error on Line: (\d+)/.exec(message);
	if (line) {
		const original = /Original Line: ?(.*)/.exec(message)?.[1]?.trim();
		const after = message.split(/Original Line:.*\n/)[1] ?? '';
		const what = firstLine(after) || firstLine(message.replace(/^.*CSV Error on Line: \d+\s*/s, ''));
		return new AutoUiError(
			'invalid_argument',
			`"${fileName}" is not a valid CSV: line ${line[1]}: ${what.replace(/\.$/, '')}${original ? ` (the line reads: ${original.slice(0, 120)})` : ''}.`,
			{ cause: error }
		);
	}
	if (/Error when sniffing file|not possible to automatically detect the CSV/i.test(message))
		return new AutoUiError(
			'invalid_argument',
			`"${fileName}" could not be read as CSV: its lines do not share one layout (delimiter, quotes, number of columns). Check that every line has as many fields as the header.`,
			{ cause: error }
		);
	if (/JSON|Malformed/i.test(message))
		return new AutoUiError('invalid_argument', `"${fileName}" is not valid JSON: ${firstLine(message)}`, {
			cause: error
		});
	return new AutoUiError('invalid_argument', `"${fileName}" could not be read: ${firstLine(message)}`, {
		cause: error
	});
}

/** A failed query as a fix: the tables there are, or the columns of the tables named. */
export function explainQueryError(error: unknown, tables: readonly LoadedTable[]): AutoUiError {
	const message = errorMessage(error).replace(/^Error: /, '');
	if (isOutOfMemory(error))
		return new AutoUiError(
			'limit_exceeded',
			'The query ran out of memory in this tab: aggregate (GROUP BY) or filter (WHERE) more, or select fewer columns.',
			{ cause: error }
		);
	if (/Table with name .* does not exist|Referenced table .* not found/i.test(message))
		return new AutoUiError(
			'not_found',
			`${firstLine(message)} The tables of the added files are: ${tables.map((table) => table.table).join(', ') || 'none (add a file first)'}.`,
			{ cause: error }
		);
	if (/Referenced column|not found in FROM clause|does not have a column named/i.test(message)) {
		const columns = tables
			.map((table) => `${table.table}: ${table.columns.map((column) => column.name).join(', ')}`)
			.join('; ');
		return new AutoUiError('invalid_argument', `${firstLine(message)} Columns: ${columns}.`, { cause: error });
	}
	return new AutoUiError('invalid_argument', firstLine(message) || 'The query failed.', { cause: error });
}
