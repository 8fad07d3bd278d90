/** `gauge`: one value on a dial between a minimum and a maximum. */
import type { WidgetDefinition } from '../types';
import { list, numberish, object, oneOf, text, title, variants } from '../shared/schema';
import type { Variant } from '../shared/schema';
import { frameFor, textLines } from '../shared/natural-size';

export type GaugeParams = {
	value: number | string;
	label?: string;
	min?: number | string;
	max?: number | string;
	unit?: string;
	target?: number | string;
	bands?: Array<{ to: number | string; variant: Variant; label?: string }>;
	title?: string;
};

export const gaugeDefinition: WidgetDefinition<GaugeParams> = {
	name: 'gauge',
	title: 'Gauge',
	description: 'A dial showing one value between a minimum and maximum, with optional coloured bands and a target.',
	category: 'figures',
	schema: object(
		{
			value: numberish('The current value'),
			label: text('What is measured', 200),
			min: numberish('Lowest value of the dial (default 0)'),
			max: numberish('Highest value of the dial (default 100)'),
			unit: text('Unit after the value, e.g. "%" or "°C"', 40),
			target: numberish('A target value marked on the dial'),
			bands: list(
				object(
					{
						to: numberish('Upper end of the band'),
						variant: oneOf(variants, 'Band colour meaning'),
						label: text('Band name, e.g. "critical"', 60)
					},
					['to', 'variant']
				),
				'Coloured ranges, in increasing order',
				{ max: 8 }
			),
			title
		},
		['value']
	),
	example: {
		label: 'Server CPU load',
		value: 72,
		unit: '%',
		target: 60,
		bands: [
			{ to: 60, variant: 'success', label: 'normal' },
			{ to: 85, variant: 'warning', label: 'high' },
			{ to: 100, variant: 'danger', label: 'critical' }
		]
	},
	recipe: {
		whenToUse:
			'One value whose position within a known range matters (load, score, satisfaction, utilisation). For progress toward a goal use progress; for a plain figure use stat.',
		howToUse:
			'Give `value`, and `min`/`max` when the range is not 0–100. `bands` colour ranges (ascending `to` values) and name them so the meaning is in words too; `target` draws a marker.'
	},
	defaultSize: { w: 280, h: 220 },
	naturalSize: (params) =>
		frameFor(
			280,
			168 +
				textLines(params.label, 248) * 19 +
				(Array.isArray(params.bands) && params.bands.some((band) => band?.label) ? 24 : 0)
		),
	keywords: ['gauge', 'dial', 'meter', 'speedometer', 'level', 'utilisation', 'score']
};
