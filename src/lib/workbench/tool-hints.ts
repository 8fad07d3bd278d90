/**
 * The badges the workbench's tool list shows for a tool's annotations (MCP `ToolAnnotations`:
 * hints the server gives, not guarantees). Only hints the server set to true are shown: an
 * absent hint says nothing either way.
 */
import type { ToolAnnotations } from '$lib/shared';

/** One badge: its stable id (`data-hint`), its words, and whether it warns. */
export interface ToolHintBadge {
	hint: 'read-only' | 'destructive' | 'idempotent' | 'open-world';
	label: string;
	title: string;
	warn: boolean;
}

const badges: Array<[keyof ToolAnnotations, ToolHintBadge]> = [
	[
		'readOnlyHint',
		{ hint: 'read-only', label: 'read-only', title: 'The server says this tool changes nothing.', warn: false }
	],
	[
		'destructiveHint',
		{
			hint: 'destructive',
			label: 'destructive',
			title: 'The server says this tool may delete or overwrite data.',
			warn: true
		}
	],
	[
		'idempotentHint',
		{
			hint: 'idempotent',
			label: 'idempotent',
			title: 'The server says calling it again with the same arguments does nothing more.',
			warn: false
		}
	],
	[
		'openWorldHint',
		{
			hint: 'open-world',
			label: 'open world',
			title: 'The server says this tool reaches outside systems (the web, other services).',
			warn: false
		}
	]
];

/** The badges of a tool's annotations, in a fixed order. */
export function toolHintBadges(annotations: ToolAnnotations | undefined): ToolHintBadge[] {
	if (!annotations) return [];
	// A destructive hint means nothing on a read-only tool (the specification's rule).
	return badges
		.filter(([key]) => annotations[key] === true && !(key === 'destructiveHint' && annotations.readOnlyHint === true))
		.map(([, badge]) => badge);
}
