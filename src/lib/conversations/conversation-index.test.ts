import { describe, expect, it } from 'vitest';
import {
	createConversation,
	initialIndex,
	readIndex,
	removeConversation,
	renameConversation,
	restoreConversation,
	searchConversations,
	storageKeysFor,
	titleFrom,
	touchConversation
} from './conversation-index';

describe('the conversation list', () => {
	it('keeps the first conversation on the keys used before there was a list', () => {
		expect(storageKeysFor('default')).toEqual({ chat: 'chat.v1', canvas: 'canvas.v1' });
		expect(storageKeysFor('c_1')).toEqual({ chat: 'chat.v1:c_1', canvas: 'canvas.v1:c_1' });
	});

	it('titles a conversation from its first question and keeps the newest first', () => {
		let index = createConversation(initialIndex(1), 2, 'c_2');
		expect(index.current).toBe('c_2');
		index = touchConversation(index, 'default', 3, 'Average horsepower by origin\nas a bar chart');
		expect(index.items.map((item) => [item.id, item.title])).toEqual([
			['default', 'Average horsepower by origin'],
			['c_2', 'New conversation']
		]);
		// Later questions do not retitle it.
		index = touchConversation(index, 'default', 4, 'And by year?');
		expect(index.items[0].title).toBe('Average horsepower by origin');
		expect(titleFrom('x'.repeat(80))).toHaveLength(60);
		expect(titleFrom('   ')).toBe('New conversation');
	});

	it('renames, removes with undo, and never leaves the list empty', () => {
		let index = createConversation(initialIndex(1), 2, 'c_2');
		index = renameConversation(index, 'c_2', '  Flights  delays ');
		expect(index.items[0]).toMatchObject({ title: 'Flights delays', titled: true });
		expect(renameConversation(index, 'c_2', '   ')).toBe(index);
		const removed = index.items[0];
		index = removeConversation(index, 'c_2', 3);
		expect(index.current).toBe('default');
		index = restoreConversation(index, removed, 0);
		expect(index.items.map((item) => item.id)).toEqual(['c_2', 'default']);
		index = removeConversation(removeConversation(index, 'c_2', 4), 'default', 5);
		expect(index.items).toHaveLength(1);
		expect(index.items[0].title).toBe('New conversation');
		expect(index.current).toBe(index.items[0].id);
	});

	it('searches titles by every word, ignoring case and accents', () => {
		const index = renameConversation(
			renameConversation(createConversation(initialIndex(1), 2, 'c_2'), 'c_2', 'Café sales by région'),
			'default',
			'Flights'
		);
		expect(searchConversations(index.items, 'cafe REGION').map((item) => item.id)).toEqual(['c_2']);
		expect(searchConversations(index.items, '')).toHaveLength(2);
		expect(searchConversations(index.items, 'nothing')).toEqual([]);
	});

	it('reads a saved list defensively', () => {
		expect(readIndex(undefined)).toBeUndefined();
		expect(readIndex({ version: 1, items: [] })).toBeUndefined();
		expect(
			readIndex({
				version: 1,
				current: 'gone',
				items: [{ id: 'a', title: 'A', createdAt: 1, updatedAt: 1 }, { id: 3 }]
			})
		).toEqual({
			version: 1,
			current: 'a',
			items: [{ id: 'a', title: 'A', createdAt: 1, updatedAt: 1, titled: false }]
		});
	});
});
