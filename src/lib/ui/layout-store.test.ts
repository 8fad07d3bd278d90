import { describe, expect, it } from 'vitest';
import { LayoutStore } from './layout-store.svelte';

function memoryStorage(initial: Record<string, string> = {}): Storage {
	const data = new Map(Object.entries(initial));
	return {
		get length() {
			return data.size;
		},
		clear: () => data.clear(),
		getItem: (key) => data.get(key) ?? null,
		key: (index) => [...data.keys()][index] ?? null,
		removeItem: (key) => void data.delete(key),
		setItem: (key, value) => void data.set(key, String(value))
	};
}

describe('LayoutStore', () => {
	it('clamps and persists sizes', () => {
		const storage = memoryStorage();
		const layout = new LayoutStore(storage);
		layout.resize('chatWidth', 5000);
		expect(layout.chatWidth).toBe(900);
		layout.resize('consoleHeight', 10);
		expect(layout.consoleHeight).toBe(96);
		const again = new LayoutStore(storage);
		expect(again.chatWidth).toBe(900);
		expect(again.consoleHeight).toBe(96);
	});

	it('ignores corrupt saved sizes', () => {
		const layout = new LayoutStore(memoryStorage({ 'autoui.layout.v1': '{"chatWidth":"wide"' }));
		expect(layout.chatWidth).toBe(380);
		const partial = new LayoutStore(memoryStorage({ 'autoui.layout.v1': '{"chatWidth":"wide","consoleHeight":300}' }));
		expect(partial.chatWidth).toBe(380);
		expect(partial.consoleHeight).toBe(300);
	});
});
