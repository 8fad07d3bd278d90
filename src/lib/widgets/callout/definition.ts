/** `callout`: one highlighted message — a note, tip, warning or error. */
import type { WidgetDefinition } from '../types';
import { object, oneOf, text, title } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type CalloutParams = {
	message: string;
	variant?: 'info' | 'success' | 'warning' | 'danger' | 'note';
	heading?: string;
	title?: string;
};

export const calloutDefinition: WidgetDefinition<CalloutParams> = {
	name: 'callout',
	title: 'Callout',
	description: 'A highlighted box for one important message: information, success, warning or error.',
	category: 'text',
	schema: object(
		{
			message: text('The message; short Markdown (bold, links, lists) is allowed', 5000),
			variant: oneOf(
				['info', 'success', 'warning', 'danger', 'note'],
				'Kind of message (default info); also written as a word'
			),
			heading: text('Bold first line, e.g. "Data is incomplete"', 200),
			title
		},
		['message']
	),
	example: {
		variant: 'warning',
		heading: 'Figures for March are provisional',
		message:
			'Two regional offices have not reported yet. Totals may rise by **2–4%** when the final data arrives on 15 April.'
	},
	recipe: {
		whenToUse:
			'A caveat, key finding, warning or error the reader must not miss. For longer prose use markdown; for several messages use list.',
		howToUse:
			'Pick `variant` (info, success, warning, danger, note), give a short `heading` and the `message` (light Markdown). Keep it to two or three sentences.'
	},
	defaultSize: { w: 420, h: 140 },
	naturalSize: (params) => {
		const width = 440;
		return frameFor(width, (params.heading ? 24 : 0) + textLines(params.message, width - 72) * 21 + 40);
	},
	keywords: ['alert', 'callout', 'warning', 'note', 'tip', 'banner', 'notice', 'error']
};
