/**
 * Frame titles that say what a widget shows: its `title` param when given, otherwise one
 * derived from the data's subject and the metric — "Horsepower by origin" from a chart's
 * axis fields, a stat's label, a table's source table or columns — and only as a last resort
 * the widget type's name. Pure, so it is shared by the model's displays, the inspector and
 * live widgets.
 */

/** The part of a live widget's source a title can use. */
export interface TitleSource {
	tool: string;
	args: Record<string, unknown>;
}

const maxTitle = 80;

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** "avg_horsepower" → "Avg horsepower", "IMDB Rating" stays, "unitPrice" → "Unit price". */
export function humanizeField(field: string): string {
	const spaced = field
		.replace(/[_-]+/g, ' ')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/\s+/g, ' ')
		.trim();
	const words = spaced
		.split(' ')
		.map((word, index) => (index > 0 && /^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word));
	const joined = words.join(' ');
	return joined.charAt(0).toUpperCase() + joined.slice(1);
}

function lowerFirst(phrase: string): string {
	return /^[A-Z][a-z]/.test(phrase) ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase;
}

/** A field param (a name or a list of names) as words, its axis title first when given. */
function fieldPhrase(title: unknown, field: unknown): string | undefined {
	const given = text(title);
	if (given) return given;
	if (typeof field === 'string' && field) return humanizeField(field);
	if (Array.isArray(field)) {
		const names = field
			.filter((item): item is string => typeof item === 'string' && item.length > 0)
			.map(humanizeField);
		if (names.length)
			return names.length > 2
				? `${names.slice(0, 2).join(', ')} and more`
				: names.map((name, index) => (index ? lowerFirst(name) : name)).join(' and ');
	}
	return undefined;
}

function firstSentence(value: unknown): string | undefined {
	const given = text(value);
	if (!given) return undefined;
	const sentence = given.split(/(?<=[.!?])\s/)[0].replace(/[.!?]$/, '');
	return sentence.length <= maxTitle ? sentence : undefined;
}

/** The table a SQL query reads (`FROM cars` → "cars"), for titles of widgets fed by a query. */
export function sourceSubject(source: TitleSource | undefined): string | undefined {
	if (!source) return undefined;
	for (const key of ['sql', 'query']) {
		const sql = source.args[key];
		if (typeof sql !== 'string') continue;
		const match = /\bfrom\s+("?)([A-Za-z_][\w.]*)\1/i.exec(sql);
		if (match) return match[2];
	}
	for (const key of ['dataset', 'table', 'name', 'resource', 'collection']) {
		const value = text(source.args[key]);
		if (value && value.length <= 60) return value;
	}
	return undefined;
}

function list(items: unknown, key: string): string[] {
	return Array.isArray(items)
		? items
				.map((item) => (typeof item === 'string' ? item : text((item as Record<string, unknown>)?.[key])))
				.filter((item): item is string => Boolean(item))
		: [];
}

function some(labels: string[]): string | undefined {
	if (labels.length === 0) return undefined;
	return labels.length <= 2 ? labels.join(' and ') : `${labels.slice(0, 2).join(', ')} and ${labels.length - 2} more`;
}

function markdownHeading(content: unknown): string | undefined {
	const given = text(content);
	const heading = given && /^#{1,6}\s+(.+)$/m.exec(given);
	return heading
		? heading[1].replace(/[*_`]/g, '').trim()
		: firstSentence(given?.split('\n')[0].replace(/[*_`#>]/g, ''));
}

/** A title from what the widget shows, by type; undefined when params say nothing usable. */
function fromParams(type: string, params: Record<string, unknown>, subject: string | undefined): string | undefined {
	const p = params;
	switch (type) {
		case 'bar':
		case 'line':
		case 'area':
		case 'boxplot': {
			const y = fieldPhrase(p.yTitle, p.y ?? p.value);
			const x = fieldPhrase(p.xTitle, p.x);
			if (y && x) return `${y} by ${lowerFirst(x)}`;
			return y ?? x;
		}
		case 'heatmap': {
			const value = fieldPhrase(p.valueTitle, p.value);
			const x = fieldPhrase(p.xTitle, p.x);
			const y = fieldPhrase(p.yTitle, p.y);
			return value && x && y ? `${value} by ${lowerFirst(x)} and ${lowerFirst(y)}` : value;
		}
		case 'scatter': {
			const y = fieldPhrase(p.yTitle, p.y);
			const x = fieldPhrase(p.xTitle, p.x);
			return y && x ? `${y} vs ${lowerFirst(x)}` : (y ?? x);
		}
		case 'histogram': {
			const field = fieldPhrase(p.xTitle, p.field ?? p.x);
			return field ? `Distribution of ${lowerFirst(field)}` : undefined;
		}
		case 'pie':
		case 'donut': {
			const value = fieldPhrase(undefined, p.value ?? p.y);
			const category = fieldPhrase(undefined, p.category ?? p.x);
			return value && category ? `${value} by ${lowerFirst(category)}` : (value ?? category);
		}
		case 'stat':
		case 'gauge':
		case 'sparkline':
			return text(p.label);
		case 'progress':
			return text(p.label) ?? some(list(p.items, 'label'));
		case 'kpi-grid':
			return some(list(p.items, 'label'));
		case 'callout':
			return text(p.heading) ?? firstSentence(p.message);
		case 'choice':
			return text(p.question);
		case 'actions':
			return firstSentence(p.prompt) ?? some(list(p.actions, 'label'));
		case 'code':
			return (
				text(p.filename) ??
				(text(p.language)
					? `${text(p.language)!.toUpperCase() === 'SQL' ? 'SQL' : humanizeField(text(p.language)!)} code`
					: undefined)
			);
		case 'markdown':
			return markdownHeading(p.content);
		case 'map':
			return text(p.valueTitle) ?? firstSentence(p.description);
		case 'data-table': {
			const caption = firstSentence(p.caption);
			if (caption) return caption;
			const rows = Array.isArray(p.rows) ? p.rows.length : 0;
			if (subject) return `${humanizeField(subject)} (${rows} ${rows === 1 ? 'row' : 'rows'})`;
			const keys = list(p.columns, 'label');
			const columns = keys.length
				? keys
				: Array.isArray(p.rows) && p.rows[0] && typeof p.rows[0] === 'object' && !Array.isArray(p.rows[0])
					? Object.keys(p.rows[0]).map(humanizeField)
					: [];
			return some(columns.map((column, index) => (index ? lowerFirst(column) : column)));
		}
		case 'kv': {
			const entries: Array<[string, unknown]> = Array.isArray(p.items)
				? p.items.map((item) => [
						String((item as Record<string, unknown>)?.key ?? ''),
						(item as Record<string, unknown>)?.value
					])
				: Object.entries((p.data as Record<string, unknown>) ?? {});
			const named = entries.find(([key, value]) => /^(name|title|label)$/i.test(key) && text(value));
			if (named) return text(named[1]);
			return (
				subject ??
				some(
					entries.map(([key], index) => (index ? lowerFirst(humanizeField(key)) : humanizeField(key))).filter(Boolean)
				)
			);
		}
		case 'timeline':
			return some(list(p.events, 'title'));
		case 'cards':
			return some(list(p.cards, 'title'));
		case 'list':
			return some(list(p.items, 'text'));
		case 'link-list':
			return some(list(p.links, 'title'));
		case 'tags':
			return some(list(p.tags, 'label'));
		default:
			return firstSentence(p.description) ?? text(p.label) ?? text(p.heading);
	}
}

function shorten(title: string): string {
	return title.length <= maxTitle ? title : `${title.slice(0, maxTitle - 1).trimEnd()}…`;
}

/**
 * The frame title of a widget: its `title` param, else one derived from its params and its
 * source (the queried table), else `typeTitle` with the source's subject, else `typeTitle`.
 */
export function meaningfulTitle(
	type: string,
	params: Record<string, unknown>,
	typeTitle: string,
	source?: TitleSource
): string {
	const given = text(params.title);
	if (given) return given.slice(0, 200);
	const subject = sourceSubject(source);
	const derived = fromParams(type, params, subject) ?? firstSentence(params.description);
	if (derived) return shorten(derived);
	return subject ? `${typeTitle} of ${subject}` : typeTitle;
}
