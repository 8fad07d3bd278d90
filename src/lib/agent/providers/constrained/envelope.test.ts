import { describe, expect, it } from 'vitest';
import type { ProviderTool } from '../../types';
import { validateArgs } from '../../validate';
import { envelopeSchema, envelopeText, grammarSchema } from './envelope';

const tools: ProviderTool[] = [
	{
		name: 'autoui_webmcp_widget_display',
		description: 'Show a widget',
		input_schema: {
			type: 'object',
			description: 'dropped',
			properties: {
				widget: { type: 'string', enum: ['kpi', 'table'] },
				params: { type: 'object' },
				$note: { $ref: '#/defs/x' }
			},
			required: ['widget', 'params', 'missing'],
			additionalProperties: true
		}
	},
	{
		name: 'data_mcp_query',
		description: 'Query',
		input_schema: {
			type: 'object',
			properties: { sql: { type: 'string', pattern: '^SELECT' }, day: { type: 'string', format: 'date' } },
			required: ['sql']
		}
	}
];

describe('envelopeSchema', () => {
	it('offers one branch per tool, keyed by its exact name, plus an answer, and no envelope when tools are off', () => {
		const schema = envelopeSchema(tools) as {
			anyOf: Array<{ properties: Record<string, { const?: string }>; required: string[] }>;
		};
		expect(schema.anyOf).toHaveLength(3);
		expect(schema.anyOf.map((branch) => branch.properties.tool?.const ?? 'answer')).toEqual([
			'autoui_webmcp_widget_display',
			'data_mcp_query',
			'answer'
		]);
		expect(schema.anyOf[0].required).toEqual(['tool', 'arguments']);
		expect((envelopeSchema(tools, { toolChoice: 'required' }) as { anyOf: unknown[] }).anyOf).toHaveLength(2);
		expect(envelopeSchema(tools, { toolChoice: 'none' })).toBeNull();
		expect(envelopeSchema([])).toBeNull();
	});

	it('keeps only what a grammar expresses: closed objects, no refs, patterns or descriptions', () => {
		const widget = grammarSchema(tools[0].input_schema);
		expect(widget).toEqual({
			type: 'object',
			properties: { widget: { type: 'string', enum: ['kpi', 'table'] }, params: { type: 'object' }, $note: {} },
			required: ['widget', 'params'],
			additionalProperties: false
		});
		expect(grammarSchema(tools[1].input_schema)).toMatchObject({
			properties: { sql: { type: 'string' }, day: { type: 'string', format: 'date' } }
		});
		expect(grammarSchema({ oneOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({
			anyOf: [{ type: 'string' }, { type: 'null' }]
		});
		expect(tools[0].input_schema).toHaveProperty('additionalProperties', true);
	});

	it('accepts what the model writes in it, and an earlier call reads back the same way', () => {
		const schema = envelopeSchema(tools)!;
		const cache: Parameters<typeof validateArgs>[2] = new WeakMap();
		const call = JSON.parse(envelopeText({ type: 'tool_use', name: 'data_mcp_query', input: { sql: 'SELECT 1' } }));
		expect(validateArgs(schema, call, cache)).toEqual([]);
		expect(validateArgs(schema, JSON.parse(envelopeText({ type: 'text', text: 'Hello' })), cache)).toEqual([]);
		expect(validateArgs(schema, { tool: 'other_tool', arguments: {} }, cache).length).toBeGreaterThan(0);
		expect(
			validateArgs(schema, { tool: 'data_mcp_query', arguments: { sql: 'x', extra: 1 } }, cache).length
		).toBeGreaterThan(0);
	});
});
