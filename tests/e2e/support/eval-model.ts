/**
 * The scripted model of the evals proof: for each test of a suite it answers as the plan says —
 * right (the ground-truth query, displayed with the widget the test expects), or wrong on
 * purpose (another tool, other rows, no widget, a tool for a question that needs none). It
 * reads each test's own checks for its query and widget, and the tool results for the result
 * id and columns, so nothing here copies data.
 */
import type { FakeRequestView, FakeScenario, FakeTurn } from '../../fixtures/fake-llm';

/** What the model does for one test. */
export type Plan = 'right' | 'wrong-tool' | 'no-widget' | 'tool-anyway' | { sql: string };

interface SuiteTest {
	id: string;
	prompt: string;
	checks: Array<{ check: string; type?: string; sql?: string; text?: string; regex?: string }>;
}

function firstUserText(request: FakeRequestView): string {
	const messages = (request.body.messages ?? []) as Array<{ role: string; content: unknown }>;
	const first = messages.find((message) => message.role === 'user');
	if (!first) return '';
	if (typeof first.content === 'string') return first.content;
	return (first.content as Array<{ type: string; text?: string }>)
		.filter((block) => block.type === 'text')
		.map((block) => block.text ?? '')
		.join('');
}

function assistantTurns(request: FakeRequestView): number {
	const messages = (request.body.messages ?? []) as Array<{ role: string }>;
	return messages.filter((message) => message.role === 'assistant').length;
}

/** The params of a widget of `type` over rows `ref` with `columns`. */
function paramsFor(type: string, ref: string, columns: string[], title: string): Record<string, unknown> {
	const rows = { $ref: `${ref}#/rows` };
	const [first, second] = columns;
	const [x, y] = columns.length > 2 ? columns.slice(-2) : columns;
	switch (type) {
		case 'stat':
			return { label: title, value: { $ref: `${ref}#/rows/0/${first}` } };
		case 'data-table':
			return { title, rows };
		case 'scatter':
			return { title, data: rows, x, y };
		case 'map': {
			const lat = columns.find((name) => /^lat/i.test(name));
			const lon = columns.find((name) => /^lon/i.test(name));
			if (lat && lon) return { title, data: rows, lat, lon, label: first };
			return { title, data: rows, regionField: first, value: second, region: 'world' };
		}
		case 'filter':
			return { label: title, param: 'choice', control: 'select', options: rows, field: first };
		default:
			return { title, data: rows, x: first, y: second };
	}
}

const display = 'autoui_webmcp_widget_display';
const query = 'datasets_mcp_query_sql';

function negativeAnswer(test: SuiteTest): string {
	const contains = test.checks.find((check) => check.check === 'responseContains')?.text;
	if (contains) return `${contains}.`;
	if (test.checks.some((check) => check.check === 'responseMatches')) return '391';
	return 'Grey waves fold and break / salt wind carries gull voices / the tide keeps its time';
}

/**
 * A scenario answering every test of `tests` by `plan`: a plan per test id (tests left out are
 * answered right), or a function of the test and the wire format (two models side by side).
 */
export function evalModel(
	tests: SuiteTest[],
	plan: Record<string, Plan> | ((id: string, format: FakeRequestView['format']) => Plan)
): FakeScenario {
	const step = (request: FakeRequestView): FakeTurn => {
		const prompt = firstUserText(request);
		const test = tests.find((candidate) => prompt.includes(candidate.prompt));
		if (!test) return { text: 'I do not know this question.' };
		const how = typeof plan === 'function' ? plan(test.id, request.format) : (plan[test.id] ?? 'right');
		const widget = test.checks.find((check) => check.check === 'widgetRendered')?.type;
		const truth = test.checks.find((check) => check.check === 'rowsMatch')?.sql;
		const sql = typeof how === 'object' ? how.sql : truth;
		const turn = assistantTurns(request);
		if (!widget || !sql) {
			if (how === 'tool-anyway' && turn === 0)
				return { toolCalls: [{ name: query, input: { sql: 'SELECT 1 AS one' } }] };
			return { text: negativeAnswer(test) };
		}
		if (turn === 0) {
			if (how === 'wrong-tool')
				return { toolCalls: [{ name: 'datasets_mcp_describe_dataset', input: { name: 'cars' } }] };
			// Charts over a source fetch and display in one call; the other widgets bind a stored result.
			if ((widget === 'bar' || widget === 'line') && how !== 'no-widget') {
				return {
					text: 'Querying and drawing.',
					toolCalls: [
						{
							name: display,
							input: {
								name: widget,
								params: paramsFor(widget, 'source', sqlColumns(sql), test.id),
								source: { tool: query, args: { sql, limit: 5000 } }
							}
						}
					]
				};
			}
			return { text: 'Querying.', toolCalls: [{ name: query, input: { sql, limit: 5000 } }] };
		}
		const [result] = request.toolResults;
		if (turn === 1 && result?.name === query && how !== 'no-widget') {
			const id = /\[Result id: ([^.\]\s]+)/.exec(result.referenceNote ?? '')?.[1];
			if (!id) throw new Error(`the query result carried no reference note: ${result.content.slice(0, 200)}`);
			const parsed = JSON.parse(result.content) as {
				columns?: Array<{ name: string }>;
				rows?: Array<Record<string, unknown>>;
			};
			const columns = parsed.columns?.map((column) => column.name) ?? Object.keys(parsed.rows?.[0] ?? {});
			return {
				toolCalls: [{ name: display, input: { name: widget, params: paramsFor(widget, id, columns, test.id) } }]
			};
		}
		return { text: 'Here is the answer.' };
	};
	return { steps: [], fallback: step };
}

/** The output column names of a simple SELECT (for the charts' x and y): `… AS name` or the bare column. */
function sqlColumns(sql: string): string[] {
	const list = /^\s*SELECT\s+(?:DISTINCT\s+)?(.*?)\s+FROM\s/is.exec(sql)?.[1] ?? '';
	const parts: string[] = [];
	let depth = 0;
	let current = '';
	for (const char of list) {
		if (char === '(') depth++;
		if (char === ')') depth--;
		if (char === ',' && depth === 0) {
			parts.push(current);
			current = '';
		} else current += char;
	}
	parts.push(current);
	return parts.map((part) => {
		const alias = /\bAS\s+"?([^"\s]+)"?\s*$/i.exec(part.trim());
		return alias ? alias[1] : part.trim().replace(/^"|"$/g, '');
	});
}
