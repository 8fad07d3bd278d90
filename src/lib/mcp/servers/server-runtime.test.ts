import { describe, expect, it } from 'vitest';
import { McpConnection } from '../connection/connection';
import { createServerConfig } from './server-config';
import { idleRuntime, knownDiagnosis, summarize, type ServerRuntime, type ServerStatus } from './server-runtime';

const config = createServerConfig({ url: 'http://127.0.0.1:1/mcp', name: 'local' }, []);
const runtime = (status: ServerStatus, tools = 0): ServerRuntime => ({
	...idleRuntime(config),
	status,
	tools: Array.from({ length: tools }, (_, index) => ({
		name: `tool_${index}`,
		inputSchema: { type: 'object' as const }
	}))
});

describe('summarize (the header pill)', () => {
	it('says nothing is configured when no server is in use', () => {
		expect(summarize([])).toEqual({ status: 'not-configured', detail: 'no servers enabled' });
	});

	it('counts connected servers and only their tools', () => {
		expect(summarize([runtime('connected', 3), runtime('connected', 2)])).toEqual({
			status: 'connected',
			detail: '2/2 connected · 5 tools'
		});
		expect(summarize([runtime('connected', 3), runtime('connecting', 4)])).toEqual({
			status: 'connecting',
			detail: '1/2 connected · 3 tools'
		});
	});

	it('tells partial health from total failure, and reconnecting before connecting', () => {
		expect(summarize([runtime('connected', 1), runtime('error')])).toEqual({
			status: 'partial',
			detail: '1 failing · 1/2 connected · 1 tools'
		});
		expect(summarize([runtime('error'), runtime('error')])).toEqual({
			status: 'error',
			detail: '2 failing · 0/2 connected · 0 tools'
		});
		expect(summarize([runtime('reconnecting'), runtime('connecting')]).status).toBe('reconnecting');
	});
});

describe('knownDiagnosis', () => {
	const connection = new McpConnection({ name: 'local', url: config.url });

	it('asks to sign in when OAuth needs it, without probing', () => {
		expect(knownDiagnosis(config, connection, true)).toMatchObject({
			code: 'auth_required',
			offerOAuth: true,
			fix: expect.stringContaining('Sign in')
		});
	});

	it('leaves other failures to the doctor', () => {
		expect(knownDiagnosis(config, connection, false)).toBeUndefined();
		expect(knownDiagnosis({ ...config, protocol: 'modern' }, connection, false)).toBeUndefined();
	});
});

describe('idleRuntime', () => {
	it('is connecting for an enabled server and disabled otherwise, with empty lists', () => {
		expect(idleRuntime(config)).toEqual({
			status: 'connecting',
			needsSignIn: false,
			tools: [],
			prompts: [],
			resources: []
		});
		expect(idleRuntime({ ...config, enabled: false }).status).toBe('disabled');
	});
});
