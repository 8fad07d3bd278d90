/** Small widget definitions for unit tests of the server and the canvas. */
import type { WidgetDefinition, WidgetSummary } from '$lib/widgets/types';
import { compileValidatorsAtRuntime } from './validation/runtime-compile';

/** Three widgets shaped like the catalog's: a figure, an image card and a table. */
export const fixtureWidgets: WidgetDefinition[] = [
	{
		name: 'kpi',
		title: 'KPI',
		description: 'A single key figure with a label.',
		category: 'figures',
		schema: {
			type: 'object',
			properties: {
				label: { type: 'string', maxLength: 50 },
				value: { type: ['number', 'string'] },
				trend: { type: 'string', enum: ['up', 'down', 'flat'] },
				title: { type: 'string' }
			},
			required: ['label', 'value'],
			additionalProperties: false
		},
		example: { label: 'Users', value: 42 },
		recipe: { whenToUse: 'One number answers the question.', howToUse: 'Give label and value.' },
		defaultSize: { w: 240, h: 140 },
		keywords: ['metric', 'number']
	},
	{
		name: 'image-card',
		title: 'Image card',
		description: 'A picture with a caption and a link.',
		category: 'media',
		schema: {
			type: 'object',
			properties: { src: { type: 'string' }, caption: { type: 'string' }, href: { type: 'string', format: 'uri' } },
			required: ['src'],
			additionalProperties: false
		},
		example: { src: 'https://example.org/a.png', caption: 'A' },
		recipe: { whenToUse: 'Show a photo.', howToUse: 'Give an https src.' },
		defaultSize: { w: 320, h: 240 }
	},
	{
		name: 'table',
		title: 'Table',
		description: 'Rows and columns of data.',
		category: 'data',
		schema: {
			type: 'object',
			properties: {
				columns: { type: 'array', items: { type: 'string' }, minItems: 1 },
				rows: { type: 'array', items: { type: 'array' } }
			},
			required: ['columns', 'rows'],
			additionalProperties: false
		},
		example: { columns: ['a'], rows: [[1]] },
		recipe: { whenToUse: 'Many records to compare.', howToUse: 'Give columns and rows.' },
		defaultSize: { w: 480, h: 320 },
		keywords: ['grid', 'rows']
	}
];

/** Validators for the fixtures, compiled at run time (Node only). */
export const fixtureValidators = compileValidatorsAtRuntime(fixtureWidgets);

/** The fixtures' light summaries, as a widget index holds them (no schema, example or recipe). */
export const fixtureSummaries: WidgetSummary[] = fixtureWidgets.map(
	({ name, title, description, category, defaultSize, keywords }) => ({
		name,
		title,
		description,
		category,
		defaultSize,
		...(keywords ? { keywords } : {})
	})
);

/**
 * A loader of the fixtures' full definitions that records its calls; it fails while
 * `failing` is set, to test retries.
 */
export function recordingDefinitionsLoader(): {
	load: () => Promise<readonly WidgetDefinition[]>;
	calls: number;
	failing: boolean;
} {
	const loader = {
		calls: 0,
		failing: false,
		async load(): Promise<readonly WidgetDefinition[]> {
			loader.calls++;
			if (loader.failing) throw new Error('network down');
			return fixtureWidgets;
		}
	};
	return loader;
}
