/** `profile`: a person (or organisation) card. */
import type { WidgetDefinition } from '../types';
import { list, object, scalar, text, title, url } from '../shared/schema';
import { countOf, frameFor, textLines } from '../shared/natural-size';

export type ProfileParams = {
	name: string;
	role?: string;
	organization?: string;
	image?: string;
	bio?: string;
	location?: string;
	facts?: Array<{ label: string; value: unknown }>;
	links?: Array<{ label: string; url: string }>;
	title?: string;
};

export const profileDefinition: WidgetDefinition<ProfileParams> = {
	name: 'profile',
	title: 'Profile',
	description: 'A person or organisation at a glance: photo, name, role, short bio, key facts and links.',
	category: 'media',
	schema: object(
		{
			name: text('Full name', 200),
			role: text('Job title or role', 200),
			organization: text('Employer, party, team', 200),
			image: url('Portrait URL (allowed hosts only); initials are shown otherwise'),
			bio: text('Two or three sentences', 3000),
			location: text('City / country', 200),
			facts: list(
				object({ label: text('Label', 100), value: scalar('Value') }, ['label', 'value']),
				'Key facts (born, tenure, …)',
				{ max: 30 }
			),
			links: list(
				object({ label: text('Link text', 100), url: url('https URL') }, ['label', 'url']),
				'Links (website, profile pages)',
				{ max: 20 }
			),
			title
		},
		['name']
	),
	example: {
		name: 'Ada Lovelace',
		role: 'Mathematician and writer',
		organization: 'Analytical Engine project',
		image: '/examples/portrait.png',
		bio: 'Wrote the first published algorithm intended for a machine, in her notes on Charles Babbage’s Analytical Engine (1843).',
		location: 'London, United Kingdom',
		facts: [
			{ label: 'Born', value: '10 December 1815' },
			{ label: 'Known for', value: 'Note G, the first computer program' }
		],
		links: [{ label: 'Wikipedia', url: 'https://en.wikipedia.org/wiki/Ada_Lovelace' }]
	},
	recipe: {
		whenToUse:
			'Introduce one person or organisation (a politician, an author, a company contact). For many people use cards or data-table; for generic properties use kv.',
		howToUse:
			'Give `name` and what you know: `role`, `organization`, `bio` (2–3 sentences), `facts` (label/value), `links`. `image` must be on an allowed host; otherwise initials are shown.'
	},
	defaultSize: { w: 380, h: 300 },
	naturalSize: (params) => {
		const width = 380;
		const header = params.image ? 104 : 72;
		const bio = textLines(params.bio, width - 40) * 19;
		const facts = countOf(params.facts) * 24;
		const links = countOf(params.links) ? Math.ceil(countOf(params.links) / 3) * 28 + 8 : 0;
		return frameFor(width, header + bio + facts + links + 32);
	},
	keywords: ['profile', 'person', 'biography', 'contact', 'people', 'member', 'author', 'politician']
};
