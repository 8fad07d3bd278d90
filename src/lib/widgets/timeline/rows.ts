/** The timeline's rows form: `data` rows, `date` and `label` naming the columns of each event's date and title. */
import { rowForm } from '../shared/row-binding';
import type { TimelineParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `events`. */
export const timelineRows = rowForm<TimelineParams, 'events'>('events', {
	date: { key: 'date', description: 'the date of each event', required: true },
	label: { key: 'title', description: 'the title of each event', required: true },
	end: { key: 'end', description: 'the end date of each period' },
	description: { key: 'description', description: 'details of each event' },
	url: { key: 'url', description: 'a link for each event' }
});
