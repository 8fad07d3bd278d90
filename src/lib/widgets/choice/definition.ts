/** `choice`: a question with options; the user's pick is sent back to the chat. */
import type { WidgetDefinition } from '../types';
import { list, object, text, title } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type ChoiceOption = { label: string; value?: string; description?: string };
export type ChoiceParams = {
	question: string;
	options: Array<ChoiceOption | string>;
	multiple?: boolean;
	allowOther?: boolean;
	submitLabel?: string;
	title?: string;
};

export const choiceDefinition: WidgetDefinition<ChoiceParams> = {
	name: 'choice',
	title: 'Choice',
	description:
		'A question with options (single or multiple choice, optional free answer); the answer is sent to the chat.',
	category: 'interaction',
	schema: object(
		{
			question: text('The question', 500),
			options: list(
				{
					type: ['string', 'object'],
					maxLength: 300,
					properties: {
						label: text('Option text', 300),
						value: text('Text sent when chosen (default: the label)', 1000),
						description: text('Helper text', 300)
					},
					required: ['label'],
					additionalProperties: false
				},
				'The options: strings or { label, value?, description? }',
				{ min: 1, max: 30 }
			),
			multiple: { type: 'boolean', description: 'Allow several answers (checkboxes)' },
			allowOther: { type: 'boolean', description: 'Add a free-text "Other" answer' },
			submitLabel: text('Submit button text (default "Send")', 40),
			title
		},
		['question', 'options']
	),
	example: {
		question: 'Which regions should the report cover?',
		multiple: true,
		allowOther: true,
		options: [
			{ label: 'Nordics', description: 'Denmark, Finland, Iceland, Norway, Sweden' },
			{ label: 'DACH', description: 'Germany, Austria, Switzerland' },
			{ label: 'Benelux' },
			'Southern Europe'
		]
	},
	recipe: {
		whenToUse:
			'You need the user to decide before continuing (which option, which scope, which period). For one-click follow-up suggestions use actions.',
		howToUse:
			'Ask one clear `question`; list 2–8 `options` (strings or { label, value, description }). `multiple: true` allows several; `allowOther: true` adds a free-text answer. The answer arrives as the user’s next message.'
	},
	defaultSize: { w: 400, h: 280 },
	naturalSize: (params) => {
		const width = 420;
		const lines = params.options.reduce<number>(
			(total, option) =>
				total +
				(typeof option === 'string'
					? textLines(option, width - 70)
					: textLines(option.label, width - 70) + textLines(option.description, width - 70)),
			0
		);
		return frameFor(
			width,
			textLines(params.question, width - 32) * 22 +
				lines * 20 +
				params.options.length * 14 +
				(params.allowOther ? 44 : 0) +
				80
		);
	},
	keywords: ['choice', 'question', 'options', 'poll', 'select', 'form', 'multiple choice', 'clarify']
};
