import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { AgentPreferences, defaultAgentPreferences, parseAgentPreferences } from './agent-preferences.svelte';

describe('agent preferences', () => {
	it('falls back to the defaults field by field', () => {
		expect(parseAgentPreferences(null)).toEqual(defaultAgentPreferences);
		expect(parseAgentPreferences('{not json')).toEqual(defaultAgentPreferences);
		expect(
			parseAgentPreferences('{"approval":"off","lazyTools":false,"flattenParams":"yes","toolChoice":"always"}')
		).toEqual({
			approval: 'destructive',
			lazyTools: false,
			flattenParams: false,
			toolChoice: 'auto'
		});
	});

	it('saves a change on this device and reads it back', () => {
		const storage = memoryStorage();
		const preferences = new AgentPreferences(storage);
		preferences.save({ approval: 'cautious', flattenParams: true, toolChoice: 'required' });
		expect(new AgentPreferences(storage).values).toEqual({
			approval: 'cautious',
			lazyTools: true,
			flattenParams: true,
			toolChoice: 'required'
		});
	});
});
