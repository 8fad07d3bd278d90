/** The map's natural size: the shape of the area it shows, plus a legend column for point groups. */
import { legendWidth } from '../charts/chart-sizes';
import { frameFor } from '../shared/natural-size';
import { toArray } from '../shared/values';
import type { MapParams } from './definition';
import { mapWithRows } from './rows';

/** Plot sizes by area: the world is about twice as wide as tall, Europe about square, the USA 5:3. */
const areas = {
	world: { w: 640, h: 340 },
	europe: { w: 520, h: 460 },
	usa: { w: 640, h: 390 },
	points: { w: 560, h: 400 }
} as const;

/** The frame for a map of `raw` params (rows form or items form). */
export function mapSize(raw: MapParams): { w: number; h: number } {
	const params = mapWithRows(raw);
	const regions = toArray<{ region?: unknown }>(params.regions);
	const points = toArray<{ group?: unknown }>(params.points);
	const region = params.region ?? 'auto';
	const area =
		region !== 'auto'
			? (areas[region] ?? areas.world)
			: regions.length
				? areas.world
				: points.length
					? areas.points
					: areas.world;
	const groups = [
		...new Set(points.map((point) => point?.group).filter((group) => group !== undefined && group !== ''))
	];
	return frameFor(area.w + 32 + legendWidth(groups), area.h + (regions.length ? 40 : 0));
}
