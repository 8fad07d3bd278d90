import { describe, expect, it } from 'vitest';
import {
	a2uiLimits,
	actionMessage,
	basicCatalogIds,
	childIds,
	foldMessages,
	resolveAction,
	resolveText,
	rootId,
	writePath
} from './surface';

const create = (surfaceId: string, catalogId = basicCatalogIds[0]) => ({
	version: 'v0.9',
	createSurface: { surfaceId, catalogId }
});

describe('A2UI surfaces', () => {
	it('folds create, components, data and delete', () => {
		const { surfaces, problems } = foldMessages([
			create('a'),
			create('b', basicCatalogIds[1]),
			{
				updateComponents: {
					surfaceId: 'a',
					components: [
						{ id: 'root', component: 'Column', children: ['t'] },
						{ id: 't', component: 'Text', text: 'Hi ${/name}' }
					]
				}
			},
			{ updateDataModel: { surfaceId: 'a', path: '/name', value: 'Ann' } },
			{ deleteSurface: { surfaceId: 'b' } }
		]);
		expect(problems).toEqual([]);
		expect(surfaces.map((surface) => surface.id)).toEqual(['a']);
		const [surface] = surfaces;
		expect(rootId(surface)).toBe('root');
		expect(childIds(surface.components.get('root')!)).toEqual(['t']);
		expect(resolveText(surface.components.get('t')!.text, surface.data)).toBe('Hi Ann');
	});

	it('reports another catalog and caps the number of components', () => {
		const components = Array.from({ length: 10_000 }, (_, index) => ({
			id: `c${index}`,
			component: 'Text',
			text: String(index)
		}));
		const { surfaces, problems } = foldMessages([
			create('a', 'https://evil.example/catalog.json'),
			{ updateComponents: { surfaceId: 'a', components } }
		]);
		expect(surfaces[0].components.size).toBe(a2uiLimits.components);
		expect(problems).toHaveLength(2);
	});

	it('resolves an action context from the data model and refuses unsafe keys', () => {
		const data = { guests: '4' };
		const action = resolveAction(
			{ event: { name: 'book', context: { guests: { path: '/guests' }, __proto__: 1, fixed: 'x' } } },
			data
		);
		expect(action).toEqual({ name: 'book', context: { guests: '4', fixed: 'x' } });
		expect(resolveAction({ name: 'old', context: [{ key: 'a', value: { literalString: 'b' } }] }, data)).toEqual({
			name: 'old',
			context: { a: 'b' }
		});
		expect(actionMessage('s', 'btn', action!)).toBe(
			'A2UI action "book" from btn on surface s: {"guests":"4","fixed":"x"}'
		);
		expect(writePath({}, '/__proto__/x', 1)).toEqual({});
		expect(({} as Record<string, unknown>).x).toBeUndefined();
	});
});
