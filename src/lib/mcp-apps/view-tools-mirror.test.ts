/**
 * Views' tools mirrored into the browser's WebMCP `document.modelContext`: registered under
 * the agent's names with the View's own signal, released when the View closes (the signal
 * aborts), registered again with a fresh signal when the View lists new tools; calls take the
 * page's path.
 */
import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '$lib/shared';
import { documentModelContext, mirrorViewTools, type ToolModelContext } from './view-tools-mirror';
import { ViewToolSource } from './view-tools';

function recordingContext() {
	const registered: Array<{
		name: string;
		signal: AbortSignal;
		execute(input: Record<string, unknown>): Promise<ToolCallResult>;
	}> = [];
	const context: ToolModelContext = {
		registerTool: (tool, { signal }) => {
			registered.push({ name: tool.name, signal, execute: tool.execute });
			return Promise.resolve();
		}
	};
	return {
		context,
		registered,
		live: () => registered.filter((tool) => !tool.signal.aborted).map((tool) => tool.name)
	};
}

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
const quiet = { call: async () => ({ content: [] }) };

describe('mirroring Views’ tools into document.modelContext', () => {
	it('registers each View’s tools with its signal and releases them with the View', async () => {
		const source = new ViewToolSource();
		const { context, registered, live } = recordingContext();
		const runs: string[] = [];
		const stop = mirrorViewTools(source, {
			modelContext: context,
			run: async (name) => {
				runs.push(name);
				return { content: [{ type: 'text', text: 'ok' }] };
			}
		});
		source.set('w1', 'notes', [tool('count_notes')], quiet);
		source.set('w2', 'notes', [tool('count_notes')], quiet);
		expect(live()).toEqual(['notes_app_count_notes', 'notes_app2_count_notes']);
		await registered[1].execute({});
		expect(runs).toEqual(['notes_app2_count_notes']);
		// A new listing: the old registration is released, the new one has a fresh signal.
		source.set('w1', 'notes', [tool('count_notes'), tool('add_note')], quiet);
		expect(live()).toEqual(['notes_app2_count_notes', 'notes_app_count_notes', 'notes_app_add_note']);
		source.close('w2', 'gone');
		expect(live()).toEqual(['notes_app_count_notes', 'notes_app_add_note']);
		stop();
		expect(live()).toEqual([]);
	});

	it('does nothing where the browser has no WebMCP', () => {
		expect(documentModelContext({ document: {} })).toBeUndefined();
		expect(documentModelContext({ document: { modelContext: { provideContext() {} } } })).toBeUndefined();
		const stop = mirrorViewTools(new ViewToolSource(), { run: async () => ({ content: [] }) });
		expect(() => stop()).not.toThrow();
	});
});
