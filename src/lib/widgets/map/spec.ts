/**
 * Vega-Lite spec of the `map` widget from bundled TopoJSON: a base layer of every country or
 * state, a choropleth layer for regions with values, and a points/bubbles layer. Inline data
 * only — the atlas is bundled, nothing is fetched.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { isPlainObject } from '$lib/shared';
import { toArray, toNumber, toText } from '../shared/values';
import type { MapParams } from './definition';
import { looksLikeUsStates, regionResolver } from './regions';

export type Atlases = { world: Topology; usa?: Topology };
type Feature = { type: 'Feature'; id?: string | number; properties: Record<string, unknown>; geometry: unknown };

/** Shapes by atlas and object, converted once: new data for a map must not convert the atlas again. */
const converted = new WeakMap<Topology, Map<string, Feature[]>>();

/** The shapes of `object`, the same list on every call (charts skip data they already hold). */
function features(topology: Topology, object: string, keep?: (shape: Feature) => boolean): Feature[] {
	let byObject = converted.get(topology);
	if (!byObject) converted.set(topology, (byObject = new Map()));
	let shapes = byObject.get(object);
	if (!shapes) {
		const collection = feature(topology, topology.objects[object] as GeometryCollection) as unknown as {
			features: Feature[];
		};
		shapes = keep ? collection.features.filter(keep) : collection.features;
		byObject.set(object, shapes);
	}
	return shapes;
}

const withoutAntarctica = (shape: Feature) => shape.properties.name !== 'Antarctica';

/** Whether the map needs the US atlas (explicit usa, or auto with state-like region keys). */
export function needsUsAtlas(params: MapParams): boolean {
	if (params.region === 'usa') return true;
	if (params.region && params.region !== 'auto') return false;
	return looksLikeUsStates(
		toArray<Record<string, unknown>>(params.regions)
			.filter(isPlainObject)
			.map((entry) => entry.region)
	);
}

/** Corner points to fit (a MultiPoint has no winding order, unlike a spherical polygon). */
function corners(west: number, south: number, east: number, north: number) {
	return {
		type: 'Feature',
		properties: {},
		geometry: {
			type: 'MultiPoint',
			coordinates: [
				[west, south],
				[east, south],
				[east, north],
				[west, north]
			]
		}
	};
}

const europe = corners(-11, 35, 32, 70.5);

function bboxFeature(points: Array<{ lat: number; lon: number }>) {
	const lats = points.map((point) => point.lat);
	const lons = points.map((point) => point.lon);
	const pad = Math.max(
		2,
		(Math.max(...lats) - Math.min(...lats)) * 0.2,
		(Math.max(...lons) - Math.min(...lons)) * 0.15
	);
	const [south, north] = [Math.max(-85, Math.min(...lats) - pad), Math.min(85, Math.max(...lats) + pad)];
	const [west, east] = [Math.max(-180, Math.min(...lons) - pad), Math.min(180, Math.max(...lons) + pad)];
	return corners(west, south, east, north);
}

/** The base layer's dataset, which the fitted projections read. */
const SHAPES_DATA = 'map_shapes';
const shapesFit = { expr: `data('${SHAPES_DATA}')` };

/** The spec, rows for the table view and problems (unknown regions, bad coordinates). */
export function mapSpec(params: MapParams, atlases: Atlases) {
	const problems: string[] = [];
	const usa = needsUsAtlas(params) && atlases.usa !== undefined;
	const shapes = usa ? features(atlases.usa!, 'states') : features(atlases.world, 'countries', withoutAntarctica);
	const resolve = regionResolver(usa ? 'usa' : 'world', shapes as never);
	const values = new Map<string, { value: number; label: string; sel?: unknown }>();
	const field = params.select?.field;
	const unknown: string[] = [];
	for (const entry of toArray<Record<string, unknown>>(params.regions).filter(isPlainObject)) {
		const name = resolve(entry.region);
		const value = toNumber(entry.value);
		if (!name) unknown.push(toText(entry.region));
		else if (value !== undefined)
			values.set(name, { value, label: toText(entry.label) || name, ...(field ? { sel: entry.sel } : {}) });
	}
	if (unknown.length)
		problems.push(
			`not found on the ${usa ? 'US' : 'world'} map: ${unknown.slice(0, 8).join(', ')}${unknown.length > 8 ? '…' : ''}`
		);
	const points = toArray<Record<string, unknown>>(params.points)
		.filter(isPlainObject)
		.map((point) => ({
			lat: toNumber(point.lat),
			lon: toNumber(point.lon),
			label: toText(point.label),
			value: toNumber(point.value),
			group: toText(point.group),
			...(field ? { sel: point.sel } : {})
		}))
		.filter(
			(
				point
			): point is {
				lat: number;
				lon: number;
				label: string;
				value: number | undefined;
				group: string;
				sel?: unknown;
			} => {
				const ok =
					point.lat !== undefined && point.lon !== undefined && Math.abs(point.lat) <= 90 && Math.abs(point.lon) <= 180;
				if (!ok) problems.push(`point "${point.label || '?'}" has no valid lat/lon`);
				return ok;
			}
		);

	const region = params.region ?? 'auto';
	const fittedToPoints = !usa && region === 'auto' && !values.size && points.length > 0;
	// The other projections are fitted to the shapes alone (Vega-Lite fits to every layer's data by
	// default): new points then leave the projection as it is, so a data update re-projects no shape.
	let projection: Record<string, unknown>;
	if (usa) projection = { type: 'albersUsa', fit: shapesFit };
	else if (region === 'europe') projection = { type: 'mercator', fit: europe };
	else if (fittedToPoints) projection = { type: 'mercator', fit: bboxFeature(points) };
	else projection = { type: 'equalEarth', fit: shapesFit };

	const layer: Record<string, unknown>[] = [
		{ data: { name: SHAPES_DATA, values: shapes }, mark: { type: 'geoshape', clip: true } }
	];
	if (values.size) {
		const filled = shapes
			.filter((shape) => values.has(String(shape.properties.name)))
			.map((shape) => {
				const entry = values.get(String(shape.properties.name))!;
				return {
					...shape,
					...(field ? { sel: entry.sel } : {}),
					properties: { ...shape.properties, value: entry.value, label: entry.label }
				};
			});
		layer.push({
			data: { values: filled },
			mark: { type: 'geoshape', tooltip: true, clip: true },
			encoding: {
				color: {
					field: 'properties.value',
					type: 'quantitative',
					title: params.valueTitle ?? 'Value',
					scale: {
						scheme: params.colorScheme ?? 'blues',
						...(params.colorScheme === 'redblue' ? { domainMid: 0, reverse: true } : {})
					},
					legend: { orient: 'top-left', direction: 'horizontal', gradientLength: 140, titleLimit: 220, fillColor: null }
				},
				tooltip: [
					{ field: 'properties.label', type: 'nominal', title: usa ? 'State' : 'Country' },
					{ field: 'properties.value', type: 'quantitative', title: params.valueTitle ?? 'Value', format: ',.4~g' }
				]
			}
		});
	}
	if (points.length) {
		// A view fitted to the points holds every point: their bubbles and labels must not be cut at its edge.
		const clip = !fittedToPoints;
		const hasValue = points.some((point) => point.value !== undefined);
		const hasGroup = points.some((point) => point.group);
		layer.push({
			data: { values: points },
			mark: { type: 'circle', tooltip: true, clip, stroke: '#ffffff', strokeWidth: 1, opacity: hasValue ? 0.7 : 0.9 },
			encoding: {
				longitude: { field: 'lon', type: 'quantitative' },
				latitude: { field: 'lat', type: 'quantitative' },
				...(hasValue
					? {
							size: {
								field: 'value',
								type: 'quantitative',
								title: params.valueTitle ?? 'Value',
								scale: { range: [20, 1200] }
							}
						}
					: { size: { value: 60 } }),
				...(hasGroup
					? { color: { field: 'group', type: 'nominal', title: null } }
					: values.size
						? { color: { value: '#e8590c' } }
						: {}),
				tooltip: [
					{ field: 'label', type: 'nominal', title: 'Place' },
					...(hasValue ? [{ field: 'value', type: 'quantitative', title: params.valueTitle ?? 'Value' }] : []),
					...(hasGroup ? [{ field: 'group', type: 'nominal', title: 'Group' }] : [])
				]
			}
		});
		if (points.length <= 30 && points.some((point) => point.label)) {
			layer.push({
				data: { values: points },
				mark: { type: 'text', dy: -10, fontSize: 10, fontWeight: 600, clip },
				encoding: {
					longitude: { field: 'lon', type: 'quantitative' },
					latitude: { field: 'lat', type: 'quantitative' },
					text: { field: 'label' }
				}
			});
		}
	}
	const rows = [
		...[...values.entries()].map(([name, entry]) => ({
			place: entry.label || name,
			value: entry.value,
			...(field ? { [field]: entry.sel ?? null } : {})
		})),
		...points.map((point) => ({
			place: point.label,
			lat: point.lat,
			lon: point.lon,
			value: point.value ?? null,
			group: point.group || null,
			...(field ? { [field]: point.sel ?? null } : {})
		}))
	];
	return {
		// A fitted projection leaves shapes outside the view: clip them, and size the view itself
		// (autosize "fit" would try to fit the clipped world and break the projection).
		spec: { projection, layer, autosize: { type: 'none' } },
		rows,
		problems: values.size || points.length ? [] : problems.length ? problems : ['no regions or points to show'],
		warnings: problems,
		label:
			params.description ||
			params.title ||
			`Map of ${values.size ? `${values.size} regions` : ''}${values.size && points.length ? ' and ' : ''}${points.length ? `${points.length} places` : ''}`
	};
}
