/**
 * A ten-widget answer for the fitted-frames journey: one model turn displays ten widgets of
 * different kinds with inline data (figures, a short table, a chart, lists, a timeline), none
 * titled except by what it shows, so the canvas has to size, place and name them itself.
 */
import type { FakeScenario } from '../../fixtures/fake-llm';

export const tenWidgetsQuestion = 'Give me an overview of the cars data set on one canvas.';

/** The displays, in the order of the answer. */
export const tenWidgets: Array<{ name: string; params: Record<string, unknown> }> = [
	{
		name: 'stat',
		params: {
			label: 'Cars in the data set',
			value: 406,
			delta: '+12',
			deltaLabel: 'since the 1970 edition',
			description: 'Models sold in the USA, Europe and Japan, 1970–1982.'
		}
	},
	{
		name: 'kpi-grid',
		params: {
			items: [
				{ label: 'Average horsepower', value: 104.5, unit: 'hp' },
				{ label: 'Average weight', value: 2979, unit: 'lbs' },
				{ label: 'Average MPG', value: 23.5, trend: 'up', delta: '+1.2' },
				{ label: 'Cylinders (median)', value: 4 },
				{ label: 'Origins', value: 3 },
				{ label: 'Model years', value: 13 }
			]
		}
	},
	{
		name: 'bar',
		params: {
			data: [
				{ Origin: 'USA', Horsepower: 119.0 },
				{ Origin: 'Europe', Horsepower: 81.0 },
				{ Origin: 'Japan', Horsepower: 79.8 }
			],
			x: 'Origin',
			y: 'Horsepower'
		}
	},
	{
		name: 'data-table',
		params: {
			rows: [
				{ origin: 'USA', models: 254 },
				{ origin: 'Japan', models: 79 }
			]
		}
	},
	{
		name: 'progress',
		params: {
			items: [
				{ label: 'Rows with horsepower', value: 400, max: 406 },
				{ label: 'Rows with MPG', value: 398, max: 406, note: 'Eight models lack a fuel figure' },
				{ label: 'Rows with acceleration', value: 406, max: 406 },
				{ label: 'Rows with displacement', value: 406, max: 406 }
			]
		}
	},
	{
		name: 'list',
		params: {
			items: [
				'American cars are the heaviest and most powerful.',
				'Japanese cars have the best fuel economy from 1978 on.',
				{ text: 'European cars sit in between', detail: 'with the widest spread of weights' },
				'Four-cylinder engines dominate after 1975.',
				'Horsepower falls across all origins after the 1973 oil crisis.'
			],
			ordered: true
		}
	},
	{
		name: 'kv',
		params: {
			data: {
				Source: 'vega-datasets cars.json',
				Rows: 406,
				Columns: 9,
				'First year': 1970,
				'Last year': 1982,
				Licence: 'BSD-3-Clause'
			}
		}
	},
	{
		name: 'callout',
		params: {
			variant: 'info',
			heading: 'Missing values',
			message: 'Horsepower is missing for six models and MPG for eight; averages leave them out.'
		}
	},
	{
		name: 'timeline',
		params: {
			events: [
				{ date: '1970', title: 'First model year in the data' },
				{ date: '1973', title: 'Oil crisis', description: 'Fuel economy becomes a selling point.' },
				{ date: '1975', title: 'CAFE standards passed' },
				{ date: '1982', title: 'Last model year in the data' }
			]
		}
	},
	{
		name: 'tags',
		params: {
			tags: [
				{ label: 'USA', count: 254 },
				{ label: 'Japan', count: 79 },
				{ label: 'Europe', count: 73 },
				'4 cylinders',
				'8 cylinders',
				'automatic',
				'manual'
			]
		}
	}
];

/** One turn: ten displays, then a closing sentence once every display succeeded. */
export function tenWidgetsScenario(): FakeScenario {
	return {
		steps: [
			() => ({
				text: 'Here is an overview.',
				toolCalls: tenWidgets.map((widget) => ({ name: 'autoui_webmcp_widget_display', input: widget }))
			}),
			(request) => {
				for (const result of request.toolResults) if (result.isError) throw new Error(result.content);
				return { text: 'Ten views of the cars data set are on the canvas.' };
			}
		]
	};
}
