import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../events';
import { runAgentLoop } from './loop';
import { createAgentState } from './state';
import { createMockProvider, dataServer, displayServer, lastToolResults } from '../testing';

describe('runAgentLoop basics', () => {
	it('runs discovery, data and widget calls and ends with the final text', async () => {
		const weather = dataServer('Weather', [
			{
				name: 'get_forecast',
				description: 'Forecast for a city',
				inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
				handler: (args) => ({ city: args.city, temp: 18 })
			}
		]);
		const ui = displayServer();
		const widgets: Array<{ type: string; params: unknown; dataFrom: string[] }> = [];
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'weather_mcp_search_tools', input: { query: 'forecast' } }] },
			{ toolCalls: [{ id: 'data1', name: 'weather_mcp_get_forecast', input: { city: 'Paris' } }] },
			{
				toolCalls: [
					{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label: 'Paris', value: 18 } } }
				]
			},
			(request) => ({ text: `Shown as ${JSON.parse(lastToolResults(request)[0].content).id}` })
		]);
		const events: AgentEvent[] = [];
		const result = await runAgentLoop('Weather in Paris?', {
			provider,
			layers: [weather.layer, ui.layer],
			servers: [weather.server, ui.server],
			state: createAgentState(),
			onEvent: (event) => events.push(event),
			callbacks: {
				onWidget: (type, params, meta) => {
					widgets.push({ type, params, dataFrom: meta.dataFrom });
					return { id: 'w_abc123' };
				}
			}
		});
		expect(result.reason).toBe('end_turn');
		expect(result.text).toBe('Shown as w_abc123');
		expect(widgets).toEqual([{ type: 'stat', params: { label: 'Paris', value: 18 }, dataFrom: ['data1'] }]);
		expect(weather.server.calls.map((call) => call.name)).toEqual(['get_forecast']);
		const names = provider.requests.map((request) => request.tools.map((tool) => tool.name));
		expect(names[0]).not.toContain('weather_mcp_get_forecast');
		expect(names[1]).toContain('weather_mcp_get_forecast');
		expect(events.at(-1)?.type).toBe('done');
	});
});
