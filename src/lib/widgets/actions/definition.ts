/** `actions`: buttons that send a chosen follow-up message back to the chat. */
import type { WidgetDefinition } from '../types';
import { list, object, oneOf, text, title } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type ActionButton = {
	label: string;
	message: string;
	variant?: 'primary' | 'default' | 'danger';
	description?: string;
};
export type ActionsParams = { actions: ActionButton[]; prompt?: string; title?: string };

export const actionsDefinition: WidgetDefinition<ActionsParams> = {
	name: 'actions',
	title: 'Actions',
	description: 'Buttons offering next steps; a click sends the button’s message to the chat as if the user typed it.',
	category: 'interaction',
	schema: object(
		{
			prompt: text('A short question or sentence above the buttons', 300),
			actions: list(
				object(
					{
						label: text('Button text (2–5 words)', 80),
						message: text('The message sent to the chat on click', 2000),
						variant: oneOf(['primary', 'default', 'danger'], 'Emphasis'),
						description: text('Tooltip / helper text', 300)
					},
					['label', 'message']
				),
				'The buttons',
				{ min: 1, max: 12 }
			),
			title
		},
		['actions']
	),
	example: {
		prompt: 'What would you like to see next?',
		actions: [
			{
				label: 'Break down by region',
				message: 'Show the same revenue figures broken down by region.',
				variant: 'primary'
			},
			{ label: 'Compare with 2023', message: 'Compare these figures with the same period in 2023.' },
			{ label: 'Export as table', message: 'Show the underlying data as a table I can export.' }
		]
	},
	recipe: {
		whenToUse:
			'Offer 1–6 likely follow-ups so the user can continue with one click. To ask the user to pick among options (possibly several) and submit, use choice.',
		howToUse:
			'Each action has a short `label` and the full `message` to send (write it as the user would, self-contained). Mark the recommended one `variant: "primary"`. Nothing happens until the user clicks.'
	},
	defaultSize: { w: 420, h: 150 },
	naturalSize: (params) => {
		const width = 440;
		const buttons = params.actions.reduce((total, action) => total + action.label.length * 7.5 + 40, 0);
		const described = params.actions.some((action) => action.description);
		return frameFor(
			width,
			(params.prompt ? textLines(params.prompt, width - 32) * 21 + 8 : 0) +
				Math.ceil(buttons / (width - 32)) * (described ? 64 : 44) +
				32
		);
	},
	keywords: ['buttons', 'actions', 'next steps', 'follow-up', 'suggestions', 'quick replies']
};
