/**
 * The outcome of a replay as the `replay` script prints and writes it: one line per call,
 * the `N same, M changed` line, the exit code, and the report file
 * `{"calls": [...], "tools": {"added", "removed", "changed"}, "summary": {...}}`.
 */

/** @typedef {import('./runner.js').ReplayRow} ReplayRow */
/** @typedef {import('./runner.js').ServerToolsDiff} ServerToolsDiff */

/**
 * @param {{ rows: ReplayRow[]; tools: ServerToolsDiff[] }} result
 */
export function buildReport(result) {
	/** @type {Record<string, number>} */
	const summary = { same: 0, changed: 0, error: 0, fixed: 0 };
	for (const row of result.rows) summary[row.status] = (summary[row.status] ?? 0) + 1;
	return {
		calls: result.rows.map((row) => ({
			server: row.server,
			tool: row.tool,
			status: row.status,
			paths: row.paths,
			ms: { recorded: row.ms.recorded, replayed: row.ms.replayed }
		})),
		tools: {
			added: result.tools.flatMap((diff) => diff.added),
			removed: result.tools.flatMap((diff) => diff.removed),
			changed: result.tools.flatMap((diff) => diff.changed.map((change) => change.name))
		},
		summary
	};
}

/** @typedef {ReturnType<typeof buildReport>} ReplayReport */

/**
 * 0 when every call is `same` or `fixed` and no tool was removed or changed; 1 otherwise.
 * @param {ReplayReport} report
 */
export function exitCode(report) {
	const calm = report.calls.every((call) => call.status === 'same' || call.status === 'fixed');
	return calm && !report.tools.removed.length && !report.tools.changed.length ? 0 : 1;
}

/**
 * What the script prints on stdout: one line per call, then `N same, M changed`.
 * @param {ReplayReport} report
 * @returns {string[]}
 */
export function reportLines(report) {
	return [
		...report.calls.map(
			(call) => `${call.status} ${call.server}/${call.tool}${call.paths.length ? ` ${call.paths.join(' ')}` : ''}`
		),
		`${report.summary.same} same, ${report.summary.changed} changed`
	];
}

/**
 * What the script prints on stderr: the tool-list diff and the other counts.
 * @param {ReplayReport} report
 * @returns {string[]}
 */
export function noteLines(report) {
	const { added, removed, changed } = report.tools;
	return [
		...(added.length ? [`tools added: ${added.join(', ')}`] : []),
		...(removed.length ? [`tools removed: ${removed.join(', ')}`] : []),
		...(changed.length ? [`tools changed: ${changed.join(', ')}`] : []),
		...(report.summary.error || report.summary.fixed
			? [`${report.summary.error} error, ${report.summary.fixed} fixed`]
			: [])
	];
}
