/** `code`: source code with syntax highlighting and a copy button. */
import type { WidgetDefinition } from '../types';
import { object, text, title } from '../shared/schema';
import { frameFor } from '../shared/natural-size';

export type CodeParams = { code: string; language?: string; filename?: string; lineNumbers?: boolean; title?: string };

/** Languages with highlighting; others are shown plain. */
export const codeLanguages = [
	'javascript',
	'typescript',
	'python',
	'json',
	'sql',
	'bash',
	'shell',
	'html',
	'xml',
	'css',
	'yaml',
	'markdown',
	'go',
	'rust',
	'java',
	'plaintext'
] as const;

export const codeDefinition: WidgetDefinition<CodeParams> = {
	name: 'code',
	title: 'Code',
	description: 'A block of source code, query or command with syntax highlighting, line numbers and a copy button.',
	category: 'text',
	schema: object(
		{
			code: text('The code, exactly as it should be copied', 200_000),
			language: text(`Language for highlighting: ${codeLanguages.join(', ')} (aliases like js, ts, py, sh work)`, 40),
			filename: text('File name shown in the header', 200),
			lineNumbers: { type: 'boolean', description: 'Show line numbers (default when more than 5 lines)' },
			title
		},
		['code']
	),
	example: {
		language: 'sql',
		filename: 'top_customers.sql',
		code: "SELECT c.name,\n       SUM(o.total) AS revenue\nFROM customers AS c\nJOIN orders AS o ON o.customer_id = c.id\nWHERE o.created_at >= DATE '2024-01-01'\nGROUP BY c.name\nORDER BY revenue DESC\nLIMIT 10;"
	},
	recipe: {
		whenToUse:
			'Code, queries, commands or configuration the reader may copy. For structured data to explore use json; for prose with short inline code use markdown.',
		howToUse:
			'Put the exact text in `code` (newlines as \\n) and set `language`. `filename` adds a header. The copy button copies `code` verbatim.'
	},
	defaultSize: { w: 520, h: 260 },
	naturalSize: (params) => {
		const lines = params.code.split('\n');
		const width = Math.min(760, Math.max(360, Math.max(...lines.map((line) => line.length)) * 7.8 + 80));
		return frameFor(width, lines.length * 19 + (params.filename ? 30 : 0) + 44);
	},
	keywords: ['code', 'snippet', 'source', 'query', 'sql', 'script', 'command', 'syntax']
};
