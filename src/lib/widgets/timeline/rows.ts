/** The timeline's rows form: `data` rows, `date` and `label` naming the columns of each event's date and title. */
import { withRows, type RowBinding } from '../shared/row-binding';
import type { TimelineParams } from './definition';

/** Columns of the rows form, by the param that names each. */
export const timelineBinding: RowBinding = {
	date: { key: 'date', description: 'the date of each event', required: true },
	label: { key: 'title', description: 'the title of each event', required: true },
	end: { key: 'end', description: 'the end date of each period' },
	description: { key: 'description', description: 'details of each event' },
	url: { key: 'url', description: 'a link for each event' }
};

/** Params with the events the rows of `data` make appended to `events`. */
export function timelineWithRows(params: TimelineParams): TimelineParams {
	return withRows(params, 'events', timelineBinding);
}
