/**
 * The files journey's data and the fake model's side: a CSV with a BOM, CRLF line ends,
 * quoted fields holding commas and accented names; a Parquet file made with DuckDB; a
 * broken CSV. The model lists the tables and shows a bar chart of a query on
 * `files_webmcp_query_sql` as its source, so no row passes through the model.
 */
import type { FakeScenario } from '../../fixtures/fake-llm';

/** `Ventes 2026.csv`: becomes the table `ventes_2026`. */
export const salesCsv =
	'\uFEFF' +
	[
		'client,ville,montant',
		'"Dupont, Jean",Zürich,12.5',
		'"Müller, Anaïs",Orléans,30',
		'"Łukasz, Ørsted",Zürich,7.25',
		'"Chloé ""la grande""",Orléans,60.5',
		'Émile,Besançon,3'
	].join('\r\n') +
	'\r\n';

export const salesSql = 'SELECT ville, sum(montant) AS total FROM ventes_2026 GROUP BY ville ORDER BY ville';
export const parquetSql = 'SELECT region, sum(units) AS total FROM stock_2026 GROUP BY region ORDER BY region';

/** A CSV whose fourth line has one field too many. */
export const brokenCsv = 'a,b\n1,2\n3,4\n5,6,7\n8,9\n';

function chart(title: string, sql: string, x: string) {
	return {
		name: 'autoui_webmcp_widget_display',
		input: {
			name: 'bar',
			params: { title, data: { $ref: 'source#/rows' }, x, y: 'total' },
			source: { tool: 'files_webmcp_query_sql', args: { sql } }
		}
	};
}

/** Two questions: the CSV's totals per city, then (after a reload) the Parquet file's per region. */
export function filesScenario(): FakeScenario {
	return {
		steps: [
			{ text: 'Looking at your files.', toolCalls: [{ name: 'files_webmcp_list_datasets', input: {} }] },
			(request) => {
				const listed = JSON.parse(request.toolResults[0].content) as { datasets: { name: string }[] };
				if (!listed.datasets.some((set) => set.name === 'ventes_2026')) throw new Error('ventes_2026 is not listed');
				return { text: 'Charting the totals.', toolCalls: [chart('Totals per city', salesSql, 'ville')] };
			},
			{ text: 'Here are the totals per city.' },
			{ text: 'Charting the Parquet file.', toolCalls: [chart('Units per region', parquetSql, 'region')] },
			{ text: 'Here are the units per region.' }
		]
	};
}
