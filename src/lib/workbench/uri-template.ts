/**
 * RFC 6570 URI templates as resource templates use them: the variables a template names (one
 * form field each) and expansion of string values for every operator of levels 1–3
 * (`{x}`, `{+x}`, `{#x}`, `{.x}`, `{/x}`, `{;x}`, `{?x,y}`, `{&x}`), plus the `*` and `:n`
 * modifiers read as plain variables.
 */

const expression = /\{([+#./;?&]?)([^}]+)\}/g;

interface VariableSpec {
	name: string;
	prefix?: number;
}

function parseList(list: string): VariableSpec[] {
	return list.split(',').map((part) => {
		const [name, prefix] = part.trim().replace(/\*$/, '').split(':');
		return { name, prefix: prefix ? Number(prefix) : undefined };
	});
}

/** The variable names of a template, in order, without duplicates. */
export function templateVariables(template: string): string[] {
	const names: string[] = [];
	for (const match of template.matchAll(expression)) {
		for (const { name } of parseList(match[2])) if (name && !names.includes(name)) names.push(name);
	}
	return names;
}

const unreserved = (text: string) =>
	encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const reserved = (text: string) => encodeURI(text).replace(/%25([0-9A-F]{2})/gi, '%$1');

const operators: Record<
	string,
	{ first: string; separator: string; named: boolean; emptyEquals: boolean; allowReserved: boolean }
> = {
	'': { first: '', separator: ',', named: false, emptyEquals: false, allowReserved: false },
	'+': { first: '', separator: ',', named: false, emptyEquals: false, allowReserved: true },
	'#': { first: '#', separator: ',', named: false, emptyEquals: false, allowReserved: true },
	'.': { first: '.', separator: '.', named: false, emptyEquals: false, allowReserved: false },
	'/': { first: '/', separator: '/', named: false, emptyEquals: false, allowReserved: false },
	';': { first: ';', separator: ';', named: true, emptyEquals: false, allowReserved: false },
	'?': { first: '?', separator: '&', named: true, emptyEquals: true, allowReserved: false },
	'&': { first: '&', separator: '&', named: true, emptyEquals: true, allowReserved: false }
};

/** Expands a template with string values; missing or empty-undefined variables are left out. */
export function expandTemplate(template: string, values: Record<string, string | undefined>): string {
	return template.replace(expression, (_whole, operator: string, list: string) => {
		const spec = operators[operator] ?? operators[''];
		const parts: string[] = [];
		for (const variable of parseList(list)) {
			const raw = values[variable.name];
			if (raw === undefined) continue;
			const text = variable.prefix ? raw.slice(0, variable.prefix) : raw;
			const encoded = spec.allowReserved ? reserved(text) : unreserved(text);
			if (!spec.named) parts.push(encoded);
			else
				parts.push(
					text === '' ? (spec.emptyEquals ? `${variable.name}=` : variable.name) : `${variable.name}=${encoded}`
				);
		}
		return parts.length ? spec.first + parts.join(spec.separator) : '';
	});
}
