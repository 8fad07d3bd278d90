import { describe, expect, it } from 'vitest';
import type { McpLayer } from '../types';
import { createToolCatalog } from './catalog';
import { answerPseudoTool } from './pseudo-tools';
import { searchTools } from './tool-search';

/** The datasets server's tools as it lists them (descriptions shortened, parameters as sent). */
const datasets: McpLayer = {
	protocol: 'mcp',
	serverName: 'datasets',
	tools: [
		{
			name: 'list_datasets',
			description: 'Lists the queryable data sets: name, one-line description, row count and columns.',
			inputSchema: {
				type: 'object',
				properties: { filter: { type: 'string', description: 'Optional word to filter by, e.g. "weather".' } }
			}
		},
		{
			name: 'describe_dataset',
			description: 'Describes one data set: each column with its type and statistics, and sample rows.',
			inputSchema: {
				type: 'object',
				properties: { name: { type: 'string', description: 'Data set name as listed by list_datasets, e.g. "cars".' } },
				required: ['name']
			}
		},
		{
			name: 'query_sql',
			description: 'Runs one read-only DuckDB SQL statement over the data sets.',
			inputSchema: {
				type: 'object',
				properties: {
					sql: {
						type: 'string',
						description: 'One DuckDB SQL statement, e.g. SELECT Origin, avg(Horsepower) FROM cars GROUP BY Origin'
					}
				},
				required: ['sql']
			}
		}
	]
};

function search(query: string): string[] {
	const catalog = createToolCatalog([datasets]);
	const entry = catalog.registry.entries.get('datasets_mcp_search_tools');
	if (entry?.kind !== 'pseudo') throw new Error('no search_tools pseudo-tool');
	const answer = answerPseudoTool(catalog, entry, { query }, () => true);
	return (JSON.parse(answer.text) as { matches: Array<{ name: string }> }).matches.map((match) => match.name);
}

describe('search_tools finds tools by the words of the query', () => {
	it('"cars horsepower" finds the tool whose parameters mention both first, then one that mentions one', () => {
		expect(search('cars horsepower')).toEqual(['datasets_mcp_query_sql', 'datasets_mcp_describe_dataset']);
	});

	it('ranks by the number of words matched before the weight of a single word', () => {
		expect(search('statistics sample describe')[0]).toBe('datasets_mcp_describe_dataset');
		expect(search('filter weather rows')[0]).toBe('datasets_mcp_list_datasets');
		expect(search('nothing here matches')).toEqual([]);
	});

	it('filters a plain list of tools the same way, keeping the order for an empty query', () => {
		const names = (query: string) => searchTools(datasets.tools, query, (tool) => tool).map((tool) => tool.name);
		expect(names('SQL horsepower')).toEqual(['query_sql']);
		expect(names('  ')).toEqual(['list_datasets', 'describe_dataset', 'query_sql']);
	});
});
