import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { AgentPreferences, defaultAgentPreferences, parseAgentPreferences } from './agent-preferences.svelte';

describe('agent preferences', () => {
	it('falls back to the defaults field by field', () => {
		expect(parseAgentPreferences(null)).toEqual(defaultAgentPreferences);
		expect(parseAgentPreferences('{not json')).toEqual(defaultAgentPreferences);
		expect(
			parseAgentPreferences('{"approval":"off","lazyTools":false,"flattenParams":"yes","toolChoice":"always"}')
		).toEqual({ ...defaultAgentPreferences, lazyTools: false });
	});

	it('saves a change on this device and reads it back', () => {
		const storage = memoryStorage();
		const preferences = new AgentPreferences(storage);
		preferences.save({ approval: 'cautious', flattenParams: true, toolChoice: 'required' });
		expect(new AgentPreferences(storage).values).toEqual({
			...defaultAgentPreferences,
			approval: 'cautious',
			flattenParams: true,
			toolChoice: 'required'
		});
	});

	it('keeps the choice to run optional MCP task tools as tasks', () => {
		const storage = memoryStorage();
		new AgentPreferences(storage).save({ preferTasks: true });
		expect(new AgentPreferences(storage).values.preferTasks).toBe(true);
		expect(parseAgentPreferences('{"preferTasks":"yes"}').preferTasks).toBe(false);
	});
});
