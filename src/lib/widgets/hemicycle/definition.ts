/** `hemicycle`: seats of an assembly by group, as a parliament half-circle. */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { hemicycleBinding, hemicycleWithRows } from './rows';
import { list, numberish, object, text, title } from '../shared/schema';
import { frameFor, longestText, charWidth } from '../shared/natural-size';

export type HemicycleGroup = { name: string; seats: number | string; color?: string; abbreviation?: string };
export type HemicycleParams = RowParams & {
	groups?: HemicycleGroup[];
	label?: string;
	seats?: string;
	abbreviation?: string;
	color?: string;
	majority?: number | string;
	totalLabel?: string;
	description?: string;
	title?: string;
};

export const hemicycleDefinition: WidgetDefinition<HemicycleParams> = {
	name: 'hemicycle',
	title: 'Hemicycle',
	description: 'A parliament chart: every seat as a dot in a half-circle, coloured by group, with the majority line.',
	category: 'structures',
	schema: {
		...object({
			groups: list(
				object(
					{
						name: text('Group or party name', 200),
						seats: numberish('Number of seats (whole number)'),
						abbreviation: text('Short name for the legend', 20),
						color: {
							type: 'string',
							pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
							description: 'Party colour as #rgb or #rrggbb (defaults to the palette)'
						}
					},
					['name', 'seats']
				),
				'Groups in seating order, left to right',
				{ min: 1, max: 60 }
			),
			majority: numberish('Seats needed for a majority (default: more than half)'),
			totalLabel: text('Label under the total, e.g. "seats"', 40),
			description: text('One sentence describing the chart, used as its accessible name', 500),
			...rowProperties(hemicycleBinding, 60, 'Rows as a query returns them, one per group in seating order'),
			title
		}),
		...itemsOrRows('groups', hemicycleBinding)
	},
	example: {
		description: 'European Parliament seats by political group after the 2024 election',
		totalLabel: 'MEPs',
		groups: [
			{ name: 'The Left', abbreviation: 'GUE/NGL', seats: 46, color: '#8b1a1a' },
			{ name: 'Socialists & Democrats', abbreviation: 'S&D', seats: 136, color: '#e0303b' },
			{ name: 'Greens/EFA', abbreviation: 'Greens', seats: 53, color: '#3fa34d' },
			{ name: 'Renew Europe', abbreviation: 'Renew', seats: 77, color: '#f0b323' },
			{ name: 'European People’s Party', abbreviation: 'EPP', seats: 188, color: '#3399ff' },
			{ name: 'European Conservatives and Reformists', abbreviation: 'ECR', seats: 78, color: '#1f4e79' },
			{ name: 'Patriots for Europe', abbreviation: 'PfE', seats: 84, color: '#2b3a67' },
			{ name: 'Europe of Sovereign Nations', abbreviation: 'ESN', seats: 25, color: '#6b4e16' },
			{ name: 'Non-attached', abbreviation: 'NI', seats: 33, color: '#9e9e9e' }
		]
	},
	recipe: {
		whenToUse:
			'Seats in a parliament, council or board by party or group, election results in seats, coalition arithmetic. For vote shares (percentages) use bar or pie.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `label` and `seats` name the columns of each group\'s name and seats (`abbreviation`, `color` optional). Written out instead: `groups` in seating order from left to right, each with `name` and whole-number `seats`; optional `abbreviation` and party `color` (#hex). `majority` draws the threshold (default: more than half of the total).'
	},
	defaultSize: { w: 520, h: 340 },
	naturalSize: (raw) => {
		const groups = hemicycleWithRows(raw).groups ?? [];
		const perRow = Math.max(
			1,
			Math.floor(488 / Math.max(100, longestText(groups.map((group) => group?.name)) * charWidth + 56))
		);
		return frameFor(520, 268 + Math.ceil(groups.length / perRow) * 24);
	},
	keywords: ['parliament', 'hemicycle', 'seats', 'election', 'assembly', 'coalition', 'parties', 'chamber'],
	drawIssues: (params) => rowIssues(params, hemicycleBinding)
};
