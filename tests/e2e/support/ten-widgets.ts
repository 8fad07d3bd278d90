/**
 * Ten widgets of different kinds with realistic content, displayed through the page's WebMCP
 * `widget_display` tool: the "busy canvas" state of the accessibility and screenshot journeys.
 */
import { expect, type Page } from '@playwright/test';
import { callTool } from '../webmcp-helpers';

const months = ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'];

/** name + params of each widget, in the order they are displayed. */
export const tenWidgets: { name: string; params: Record<string, unknown> }[] = [
	{ name: 'stat', params: { title: 'Cars in the data set', label: 'Cars', value: 406, delta: '+12', trend: 'up' } },
	{
		name: 'kpi-grid',
		params: {
			title: 'Shop this month',
			items: [
				{ label: 'Revenue', value: 1284000, unit: '€', trend: 'up', delta: '+8.1%' },
				{ label: 'Orders', value: 15230, trend: 'up', delta: 412 },
				{ label: 'Return rate', value: '3.4%', trend: 'flat', delta: '0.0 pt' }
			]
		}
	},
	{
		name: 'bar',
		params: {
			title: 'Horsepower by origin',
			data: [
				{ origin: 'USA', hp: 119 },
				{ origin: 'Europe', hp: 81 },
				{ origin: 'Japan', hp: 79 }
			],
			x: 'origin',
			y: 'hp'
		}
	},
	{
		name: 'line',
		params: {
			title: 'Visitors per month',
			data: months.map((month, index) => ({ month, visitors: 8000 + index * 1200 })),
			x: 'month',
			y: 'visitors'
		}
	},
	{
		name: 'pie',
		params: {
			title: 'Sessions by channel',
			data: [
				{ channel: 'Search', sessions: 41200 },
				{ channel: 'Direct', sessions: 22800 },
				{ channel: 'Social', sessions: 13100 }
			],
			category: 'channel',
			value: 'sessions'
		}
	},
	{
		name: 'data-table',
		params: {
			title: 'Largest Nordic cities',
			rows: [
				{ city: 'Stockholm', country: 'Sweden', population: 984748 },
				{ city: 'Oslo', country: 'Norway', population: 709037 },
				{ city: 'Helsinki', country: 'Finland', population: 664028 },
				{ city: 'Copenhagen', country: 'Denmark', population: 660842 }
			]
		}
	},
	{
		name: 'markdown',
		params: {
			title: 'Summary',
			content: '## Q1\n\nRevenue grew **12%**, driven by the *Nordics*.\n\n- New customers: 1,204\n- Churn: 2.1%'
		}
	},
	{
		name: 'callout',
		params: {
			title: 'Provisional figures',
			variant: 'warning',
			heading: 'March is provisional',
			message: 'Two offices have not reported yet.'
		}
	},
	{
		name: 'list',
		params: {
			title: 'Migration steps',
			ordered: true,
			items: ['Export the customer table', 'Remove duplicates', 'Import into the new CRM']
		}
	},
	{
		name: 'progress',
		params: {
			title: 'Goals',
			items: [
				{ label: 'Q3 sales target', value: 812000, max: 1000000, unit: '€' },
				{ label: 'Hiring plan', value: 14, max: 20, unit: 'people' }
			]
		}
	}
];

/** Displays the ten widgets. */
export async function showTenWidgets(page: Page): Promise<void> {
	for (const widget of tenWidgets) {
		const result = await callTool(page, 'widget_display', widget);
		expect(result.isError, JSON.stringify(result)).toBeFalsy();
	}
	await expect(page.locator('[data-widget-id]')).toHaveCount(tenWidgets.length);
}

/** Waits until the three charts have drawn (the canvas must be visible). */
export async function waitForCharts(page: Page): Promise<void> {
	await expect(page.locator('[data-chart-ready=true]')).toHaveCount(3);
}
