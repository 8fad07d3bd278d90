/**
 * The map's rows form: `data` rows with `lat`/`lon` naming coordinate columns make points
 * (`label`, `value`, `group` optional), and `regionField` naming a country/state column makes
 * choropleth areas coloured by `value`. Rows add to any `points` / `regions` given directly.
 */
import type { DrawIssue } from '../types';
import { itemsFromRows, rowIssues, type RowBinding } from '../shared/row-binding';
import { toArray } from '../shared/values';
import { rowsOf } from '../charts/prepare';
import type { MapParams, MapPoint, MapRegion } from './definition';

/** Columns that make points. */
export const pointBinding: RowBinding = {
	lat: { key: 'lat', description: 'the latitude (-90..90) of each point', numeric: true, required: true },
	lon: { key: 'lon', description: 'the longitude (-180..180) of each point', numeric: true, required: true },
	label: { key: 'label', description: 'the place name shown in the tooltip' },
	value: {
		key: 'value',
		description: 'a number sizing each point as a bubble, or colouring each area with `regionField`',
		numeric: true
	},
	group: { key: 'group', description: 'a category colouring the points' }
};

/** Columns that make choropleth areas. */
const regionBinding: RowBinding = {
	regionField: {
		key: 'region',
		description: 'the country (name or ISO code) or US state of each row, for a choropleth',
		required: true
	},
	value: pointBinding.value,
	label: pointBinding.label
};

/** Every column param of the map's rows form, for its schema. */
export const mapBinding: RowBinding = {
	...pointBinding,
	regionField: { ...regionBinding.regionField, required: false }
};

/** Params with the points and regions the rows make appended to those given directly. */
export function mapWithRows(params: MapParams): MapParams {
	if (!Array.isArray(params.data)) return params;
	const points = params.lat && params.lon ? withSelection(params, itemsFromRows(params, pointBinding)) : [];
	const regions = params.regionField ? withSelection(params, itemsFromRows(params, regionBinding)) : [];
	return {
		...params,
		points: [...toArray<MapPoint>(params.points), ...points],
		regions: [...toArray<MapRegion>(params.regions), ...regions]
	};
}

/** Items with their row's `select.field` cell as `sel`, the value a click on them selects. */
function withSelection(params: MapParams, items: Record<string, unknown>[]): Array<MapPoint & MapRegion> {
	const field = params.select?.field;
	if (!field) return items as Array<MapPoint & MapRegion>;
	const rows = rowsOf(params.data);
	return items.map((item, index) => ({ ...item, sel: rows[index]?.[field] })) as Array<MapPoint & MapRegion>;
}

/** Named columns absent from the rows, coordinates or values without numbers, rows with nothing to draw. */
export function mapRowIssues(params: MapParams): DrawIssue[] {
	if (!Array.isArray(params.data)) return [];
	if (!(params.lat && params.lon) && !params.regionField) {
		return [
			{
				path: '/data',
				message:
					'rows need `lat` and `lon` (the coordinate columns) for points, or `regionField` (a country or US state column) for a choropleth'
			}
		];
	}
	return rowIssues(params, mapBinding);
}
