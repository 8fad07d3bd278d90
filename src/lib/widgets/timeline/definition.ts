/** `timeline`: dated events in order. */
import type { WidgetDefinition } from '../types';
import { itemsOrRows, rowIssues, rowProperties, type RowParams } from '../shared/row-binding';
import { timelineBinding, timelineWithRows } from './rows';
import { date, list, object, oneOf, text, title, url, variants } from '../shared/schema';
import type { Variant } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type TimelineEvent = {
	date: string | number;
	title: string;
	description?: string;
	variant?: Variant;
	url?: string;
	end?: string | number;
};
export type TimelineParams = RowParams & {
	events?: TimelineEvent[];
	date?: string;
	label?: string;
	end?: string;
	description?: string;
	url?: string;
	order?: 'asc' | 'desc' | 'as-given';
	title?: string;
};

export const timelineDefinition: WidgetDefinition<TimelineParams> = {
	name: 'timeline',
	title: 'Timeline',
	description: 'Dated events in chronological order — a history, a project plan, an incident log.',
	category: 'structures',
	schema: {
		...object({
			events: list(
				object(
					{
						date: date('When: "2024-03-12", "2024-03", "2024", "12/03/2024" or a timestamp'),
						end: date('Optional end date for a period'),
						title: text('What happened', 300),
						description: text('Details', 2000),
						variant: oneOf(variants, 'Colour meaning (also shown as a word)'),
						url: url('Link to more')
					},
					['date', 'title']
				),
				'The events',
				{ max: 2000 }
			),
			order: oneOf(['asc', 'desc', 'as-given'], 'Oldest first (asc, default), newest first (desc) or as given'),
			...rowProperties(timelineBinding, 2000, 'Rows as a query returns them, one per event'),
			title
		}),
		...itemsOrRows('events', timelineBinding)
	},
	example: {
		events: [
			{ date: '2023-09-04', title: 'Project kick-off', description: 'Scope agreed with the steering group.' },
			{ date: '2023-11', title: 'Prototype released', description: 'First internal users onboarded.', variant: 'info' },
			{
				date: '2024-01-22',
				title: 'Security review',
				description: 'Two findings, both fixed within a week.',
				variant: 'warning'
			},
			{ date: '2024-03-01', end: '2024-04-15', title: 'Public beta', description: '3,200 sign-ups.' },
			{ date: '2024-05-06', title: 'General availability', variant: 'success' }
		]
	},
	recipe: {
		whenToUse:
			'Events where the sequence and dates matter: history, milestones, incidents, changelogs. For values over time use line; for a plan with durations keep `end` dates.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects (e.g. `{"$ref": "source#/rows"}`) and `date` and `label` name the columns of each event\'s date and title (`end`, `description`, `url` optional). Written out instead: `events` with `date` and `title` (plus `description`, `end`, `variant`, `url`). Dates in ISO or common formats are sorted oldest first unless `order` says otherwise; unparseable dates are shown as written.'
	},
	defaultSize: { w: 420, h: 360 },
	naturalSize: (raw) => {
		const events = timelineWithRows(raw).events ?? [];
		const width = 440;
		const lines = events.reduce(
			(total, event) => total + 1 + textLines(event.title, width - 80) + textLines(event.description, width - 80),
			0
		);
		return frameFor(width, lines * 20 + events.length * 16 + 24);
	},
	keywords: ['timeline', 'history', 'chronology', 'milestones', 'events', 'log', 'roadmap'],
	drawIssues: (params) => rowIssues(params, timelineBinding)
};
