import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { legacyServersKey, rememberRevision, rememberedLegacy } from './revision-memory';

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('the revision each server spoke, for the tab', () => {
	it('remembers servers that speak only 2025-11-25, so later connections skip the probe', () => {
		const storage = memoryStorage();
		vi.stubGlobal('sessionStorage', storage);
		expect(rememberedLegacy('http://127.0.0.1:3001/mcp')).toBe(false);
		rememberRevision('http://127.0.0.1:3001/mcp', true);
		expect(rememberedLegacy('http://127.0.0.1:3001/mcp')).toBe(true);
		expect(rememberedLegacy('http://127.0.0.1:3002/mcp')).toBe(false);
		expect(JSON.parse(storage.getItem(legacyServersKey)!)).toEqual(['http://127.0.0.1:3001/mcp']);
		// A server that answers the probe later (upgraded) is forgotten.
		rememberRevision('http://127.0.0.1:3001/mcp', false);
		expect(rememberedLegacy('http://127.0.0.1:3001/mcp')).toBe(false);
	});

	it('without storage (or with a damaged entry) nothing is remembered and nothing throws', () => {
		vi.stubGlobal('sessionStorage', undefined);
		rememberRevision('http://a.example/mcp', true);
		expect(rememberedLegacy('http://a.example/mcp')).toBe(false);
		const storage = memoryStorage();
		storage.setItem(legacyServersKey, '{broken');
		vi.stubGlobal('sessionStorage', storage);
		expect(rememberedLegacy('http://a.example/mcp')).toBe(false);
	});
});
