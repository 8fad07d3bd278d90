/** `a2ui`: A2UI v0.9 surfaces (basic catalog) from an agent, an MCP server or the model. */
import type { WidgetDefinition } from '../types';
import { list, object, title } from '../shared/schema';

export type A2uiParams = {
	messages: Array<Record<string, unknown>>;
	title?: string;
	/** Where the surface came from, so its actions go back there (the model's own surfaces have none). */
	origin?: { kind: 'agent' } | { kind: 'mcp'; server: string };
	/** Set by the app while an agent generates the surface (its generation lifecycle). */
	status?: A2uiStatus;
};

/** Where an agent's generation of a surface stands before it is drawn. */
export type A2uiStatus = {
	/** `drawn`: the surface replaced its generation status (nothing is shown). */
	state: 'building' | 'retrying' | 'failed' | 'drawn';
	detail?: string;
	attempt?: number;
	maxAttempts?: number;
	progressTokens?: number;
};

export const a2uiDefinition: WidgetDefinition<A2uiParams> = {
	name: 'a2ui',
	title: 'A2UI surface',
	description:
		'An A2UI v0.9 surface (the whole basic catalog: layout, text, media, inputs, Tabs, Modal; its functions and checks) from its createSurface, updateComponents and updateDataModel messages; a button press comes back to the chat.',
	category: 'interaction',
	schema: {
		...object(
			{
				messages: list(
					{
						type: 'object',
						description: 'One A2UI message: createSurface, updateComponents, updateDataModel or deleteSurface'
					},
					'The A2UI messages, in order',
					{ min: 0, max: 500 }
				),
				title,
				origin: {
					type: 'object',
					description:
						'Set by the app: where the surface came from (an AG-UI agent, or an MCP server by name); leave it out',
					properties: {
						kind: { type: 'string', enum: ['agent', 'mcp'] },
						server: { type: 'string', maxLength: 200 }
					},
					required: ['kind'],
					additionalProperties: false
				},
				status: {
					type: 'object',
					description: "Set by the app: an agent's surface still being generated; leave it out",
					properties: {
						state: { type: 'string', enum: ['building', 'retrying', 'failed', 'drawn'] },
						detail: { type: 'string', maxLength: 2000 },
						attempt: { type: 'integer', minimum: 0, maximum: 1000 },
						maxAttempts: { type: 'integer', minimum: 0, maximum: 1000 },
						progressTokens: { type: 'integer', minimum: 0, maximum: 100000000 }
					},
					required: ['state'],
					additionalProperties: false
				}
			},
			['messages']
		),
		// No messages only while an agent still generates the surface (`status`).
		anyOf: [
			{ properties: { status: { type: 'object' } }, required: ['status'] },
			{ properties: { messages: { type: 'array', minItems: 1 } } }
		]
	},
	example: {
		messages: [
			{
				version: 'v0.9',
				createSurface: {
					surfaceId: 'booking',
					catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json'
				}
			},
			{
				version: 'v0.9',
				updateComponents: {
					surfaceId: 'booking',
					components: [
						{ id: 'root', component: 'Column', children: ['heading', 'guests', 'confirm'] },
						{
							id: 'heading',
							component: 'Text',
							text: { call: 'formatString', args: { value: 'Table for ${/guests} at ${/time}' }, returnType: 'string' },
							variant: 'h3'
						},
						{ id: 'guests', component: 'TextField', label: 'Guests', value: { path: '/guests' } },
						{
							id: 'confirm',
							component: 'Button',
							child: 'confirm-label',
							action: { event: { name: 'book', context: { guests: { path: '/guests' } } } }
						},
						{ id: 'confirm-label', component: 'Text', text: 'Book' }
					]
				}
			},
			{ version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/', value: { guests: '2', time: '19:30' } } }
		]
	},
	recipe: {
		whenToUse:
			'A small form or card an agent or server describes in A2UI, or when you need inputs plus a button whose press you receive back as a message.',
		howToUse:
			'Pass the A2UI v0.9 messages in order: createSurface (basic catalog), updateComponents (flat list, `root` first, children by id), updateDataModel. Bind values with `{ "path": "/x" }`; put values into text with the formatString function (`{ "call": "formatString", "args": { "value": "Hi ${/name}" } }`: a plain string is shown as written); a Button `action.event` `{ name, context }` comes back to the chat. To keep the data model live, give widget_display a `source` and set an updateDataModel `value` to `{ "$ref": "source" }` (or `source#/path`): a refresh calls the source again.'
	},
	defaultSize: { w: 420, h: 280 },
	keywords: ['a2ui', 'surface', 'form', 'agent ui', 'generative ui']
};
