/** `json`: any JSON value as a collapsible tree. */
import type { WidgetDefinition } from '../types';
import { object, title } from '../shared/schema';
import { expandDepthOf, outlineExtent } from '../shared/outline-lines';
import { charWidth, frameFor } from '../shared/natural-size';

export type JsonParams = { data: unknown; expandDepth?: number; title?: string };

export const jsonDefinition: WidgetDefinition<JsonParams> = {
	name: 'json',
	title: 'JSON',
	description: 'Any JSON value (an API response, a record, a config) as a collapsible, keyboard-navigable tree.',
	category: 'text',
	schema: object(
		{
			data: { description: 'The JSON value to show (object, array or scalar)' },
			expandDepth: { type: 'integer', minimum: 0, maximum: 20, description: 'Levels open at first (default 2)' },
			title
		},
		['data']
	),
	example: {
		data: {
			id: 'ord_8F2K',
			status: 'shipped',
			total: { amount: 129.9, currency: 'EUR' },
			customer: { name: 'Lena Fischer', email: 'lena@example.org', vip: true },
			items: [
				{ sku: 'KB-104', name: 'Mechanical keyboard', qty: 1, price: 89.9 },
				{ sku: 'MS-220', name: 'Wireless mouse', qty: 1, price: 40 }
			],
			tracking: null
		},
		expandDepth: 1
	},
	recipe: {
		whenToUse:
			'Raw structured data whose shape matters — an API response, a nested record — when no specific widget fits. For rows of records use data-table, for flat key/value pairs use kv.',
		howToUse:
			'Pass the value in `data` unchanged. `expandDepth` sets how many levels start open (0 = all closed). Large arrays are shown in pages of 100.'
	},
	defaultSize: { w: 420, h: 320 },
	naturalSize: (params) => {
		const { lines, widest } = outlineExtent<[string, unknown]>(
			['', params.data],
			expandDepthOf(params.expandDepth),
			([key, value]) =>
				key.length +
				(value !== null && typeof value === 'object' ? 8 : Math.min(60, JSON.stringify(value ?? null).length)) +
				2,
			([, value]) => (value !== null && typeof value === 'object' ? Object.entries(value).slice(0, 100) : [])
		);
		return frameFor(Math.max(320, widest * charWidth + 48), lines * 22 + 24);
	},
	keywords: ['json', 'tree', 'object', 'raw data', 'api response', 'inspector', 'nested']
};
