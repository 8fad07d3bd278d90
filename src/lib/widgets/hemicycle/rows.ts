/** The hemicycle's rows form: `data` rows, one per group in seating order, `label` and `seats` naming its columns. */
import { rowForm } from '../shared/row-binding';
import type { HemicycleParams } from './definition';

/** The columns of the rows form, by the param that names each; the rows fill `groups`. */
export const hemicycleRows = rowForm<HemicycleParams, 'groups'>('groups', {
	label: { key: 'name', description: 'the name of each group or party', required: true },
	seats: { key: 'seats', description: 'the seats of each group (a whole number)', numeric: true, required: true },
	abbreviation: { key: 'abbreviation', description: 'the short name of each group' },
	color: { key: 'color', description: 'the #hex colour of each group' }
});
