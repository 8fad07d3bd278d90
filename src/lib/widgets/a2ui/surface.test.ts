import { describe, expect, it } from 'vitest';
import { a2uiLimits, actionMessage, basicCatalogIds, boundMessages } from './surface';

const create = (surfaceId: string, catalogId = basicCatalogIds[0]) => ({
	version: 'v0.9',
	createSurface: { surfaceId, catalogId }
});

type Message = Record<string, Record<string, unknown>>;

describe('A2UI messages bounded for the core', () => {
	it('keeps a well-formed surface as it is', () => {
		const messages = [
			create('a'),
			{
				version: 'v0.9',
				updateComponents: {
					surfaceId: 'a',
					components: [
						{ id: 'root', component: 'Column', children: ['t'] },
						{ id: 't', component: 'Text', text: 'Hi ${/name}' }
					]
				}
			},
			{ version: 'v0.9', updateDataModel: { surfaceId: 'a', path: '/name', value: 'Ann' } }
		];
		const bounded = boundMessages(messages);
		expect(bounded.problems).toEqual([]);
		expect(bounded.messages).toEqual(messages);
	});

	it('caps components, draws another catalog with the basic one and drops unsafe keys', () => {
		const components = Array.from({ length: 10_000 }, (_, index) => ({
			id: `c${index}`,
			component: 'Text',
			text: String(index)
		}));
		const { messages, problems } = boundMessages([
			create('a', 'https://evil.example/catalog.json'),
			{ updateComponents: { surfaceId: 'a', components } },
			JSON.parse('{"updateDataModel": {"surfaceId": "a", "value": {"__proto__": {"x": 1}, "ok": 1}}}')
		]);
		expect((messages[0] as Message).createSurface.catalogId).toBe(basicCatalogIds[0]);
		expect((messages[1] as Message).updateComponents.components).toHaveLength(a2uiLimits.components);
		expect((messages[2] as Message).updateDataModel.value).toEqual({ ok: 1 });
		expect(({} as Record<string, unknown>).x).toBeUndefined();
		expect(problems).toHaveLength(2);
	});

	it('cuts children that repeat an ancestor, in lists, single children and templates', () => {
		const { messages, problems } = boundMessages([
			create('s'),
			{
				updateComponents: {
					surfaceId: 's',
					components: [
						{ id: 'root', component: 'Column', children: ['a', 't'] },
						{ id: 'a', component: 'Row', children: ['root', 'b'] },
						{ id: 'b', component: 'Card', child: 'a' },
						{ id: 't', component: 'List', children: { componentId: 't', path: '/items' } }
					]
				}
			}
		]);
		const components = (messages[1] as Message).updateComponents.components as Array<Record<string, unknown>>;
		expect(components.find((c) => c.id === 'a')?.children).toEqual(['b']);
		expect(components.find((c) => c.id === 'b')?.child).toBe('__autoui-cut');
		expect(components.find((c) => c.id === 't')?.children).toEqual([]);
		expect(messages.at(-1)).toMatchObject({ updateComponents: { components: [{ id: '__autoui-cut' }] } });
		expect(problems[0]).toContain('repeat an ancestor');
	});

	it('writes an action as the chat message the agent reads', () => {
		expect(actionMessage('s', 'btn', { name: 'book', context: { guests: '4' } })).toBe(
			'A2UI action "book" from btn on surface s: {"guests":"4"}'
		);
	});
});
