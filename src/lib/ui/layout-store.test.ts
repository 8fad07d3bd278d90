import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { LayoutStore } from './layout-store.svelte';

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
