/** `markdown`: formatted prose — headings, lists, emphasis, links, small tables. */
import type { WidgetDefinition } from '../types';
import { object, text, title } from '../shared/schema';
import { frameFor, textLines, charWidth } from '../shared/natural-size';

function longestLine(text: string): number {
	return Math.min(120, Math.max(0, ...text.split('\n').map((line) => line.length)));
}

export type MarkdownParams = { content: string; title?: string };

export const markdownDefinition: WidgetDefinition<MarkdownParams> = {
	name: 'markdown',
	title: 'Text',
	description: 'Formatted text written in Markdown: headings, lists, emphasis, links, quotes and small tables.',
	category: 'text',
	schema: object({ content: text('Markdown text (GitHub flavour). Raw HTML is filtered out.', 100_000), title }, [
		'content'
	]),
	example: {
		content:
			'## Summary\n\nRevenue grew **12%** in Q1, driven by the *Nordics* and a strong March.\n\n- New customers: 1,204\n- Churn fell to 2.1%\n- Average order: €86\n\n> Guidance for Q2 is unchanged.\n\n| Region | Growth |\n| --- | ---: |\n| Nordics | 21% |\n| DACH | 9% |\n\nSource: [quarterly report](https://example.org/q1-report)'
	},
	recipe: {
		whenToUse:
			'Explanations, summaries, findings and anything mostly prose. Prefer callout for one highlighted message, list for plain items, data-table for more than a few rows of data, code for source code.',
		howToUse:
			'Put Markdown in `content`. Use headings (##), bullet lists, **bold** for key numbers and links with full https URLs. HTML, scripts and styles are removed; images only load from allow-listed hosts.'
	},
	defaultSize: { w: 420, h: 320 },
	naturalSize: (params) => {
		const width = Math.min(640, Math.max(360, longestLine(params.content) * charWidth + 40));
		const blocks = params.content.split(/\n/);
		const height = blocks.reduce(
			(total, line) =>
				total +
				(line.trim() === ''
					? 10
					: /^#{1,3} /.test(line)
						? 34
						: /^\|/.test(line)
							? 30
							: textLines(line, width - 40) * 21),
			0
		);
		return frameFor(width, height + 32);
	},
	keywords: ['text', 'prose', 'summary', 'notes', 'explanation', 'report', 'md']
};
