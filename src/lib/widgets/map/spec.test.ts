import { describe, expect, it } from 'vitest';
import world from 'world-atlas/countries-110m.json';
import { mapSpec, type Atlases } from './spec';

const atlases: Atlases = { world: world as never };

function pointLayers(spec: { layer: Array<{ mark: { type: string; clip?: boolean } }> }) {
	return spec.layer.filter((layer) => layer.mark.type === 'circle' || layer.mark.type === 'text');
}

describe('map bubbles', () => {
	it('are never cut at the edge of a view fitted to them', () => {
		const built = mapSpec(
			{
				points: [
					{ lat: 59.33, lon: 18.07, label: 'Stockholm', value: 900 },
					{ lat: 40.42, lon: -3.7, label: 'Madrid', value: 3300 }
				]
			},
			atlases
		);
		const layers = pointLayers(built.spec as never);
		expect(layers).toHaveLength(2);
		for (const layer of layers) expect(layer.mark.clip).toBe(false);
	});

	it('are clipped on a fixed region, where a point may lie outside the view', () => {
		const built = mapSpec({ region: 'europe', points: [{ lat: 40.7, lon: -74, label: 'New York' }] }, atlases);
		for (const layer of pointLayers(built.spec as never)) expect(layer.mark.clip).toBe(true);
	});
});

describe('map projection', () => {
	it('fits the world to its shapes alone, so new points do not move it', () => {
		const built = mapSpec({ region: 'world', points: [{ lat: 40.7, lon: -74, label: 'New York', value: 3 }] }, atlases);
		const spec = built.spec as unknown as { projection: { fit?: unknown }; layer: Array<{ data: { name?: string } }> };
		expect(spec.projection.fit).toEqual({ expr: "data('map_shapes')" });
		expect(spec.layer[0].data.name).toBe('map_shapes');
		expect(pointLayers(built.spec as never).every((layer) => layer.mark.clip)).toBe(true);
	});
});
