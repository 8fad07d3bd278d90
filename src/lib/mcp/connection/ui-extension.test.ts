import { describe, expect, it } from 'vitest';
import { buildLayer } from './layer';
import { isAppCallable, isModelVisible, splitByVisibility, toolVisibility, uiResourceUri } from './ui-extension';
import { uiTools } from '$lib/shared/testing';

const { shown, appOnly, modelOnly, plain } = uiTools;

describe('tool _meta.ui', () => {
	it('reads the resource URI from ui.resourceUri and from the deprecated flat key', () => {
		expect(uiResourceUri(shown)).toBe('ui://get-time/app.html');
		expect(uiResourceUri({ _meta: { 'ui/resourceUri': 'ui://old/view' } })).toBe('ui://old/view');
		expect(uiResourceUri({ _meta: { ui: { resourceUri: 'https://evil.example/page' } } })).toBeUndefined();
		expect(uiResourceUri(plain)).toBeUndefined();
	});

	it('defaults visibility to model and app, and reads declared lists', () => {
		expect(toolVisibility(plain)).toEqual(['model', 'app']);
		expect(toolVisibility(appOnly)).toEqual(['app']);
		expect(toolVisibility(modelOnly)).toEqual(['model']);
		expect(toolVisibility({ _meta: { ui: { visibility: [] } } })).toEqual([]);
		expect(isModelVisible(appOnly)).toBe(false);
		expect(isAppCallable(modelOnly)).toBe(false);
	});

	it('never offers app-only tools to the model: the layer keeps them apart', () => {
		const { model, appOnly: hidden } = splitByVisibility([shown, appOnly, modelOnly, plain]);
		expect(model.map((tool) => tool.name)).toEqual(['get-time', 'delete-all', 'plain']);
		expect(hidden.map((tool) => tool.name)).toEqual(['poll']);
		const layer = buildLayer({
			serverName: 'monitor',
			serverUrl: 'http://127.0.0.1:1/mcp',
			tools: [shown, appOnly, plain]
		});
		expect(layer.tools.map((tool) => tool.name)).toEqual(['get-time', 'plain']);
		expect(layer.appTools?.map((tool) => tool.name)).toEqual(['poll']);
	});
});
