/**
 * The style allow-list: the only CSS the model (or an imported file) may put on a widget
 * frame. Properties come from a fixed list; values are checked so they cannot load or run
 * anything (no `url(`, `image-set(`, `expression(`, `@import`, `javascript:`), cannot break
 * out of a declaration (no `;`, `{`, `}`, quotes, backslash escapes, comments, `!important`)
 * and may only call harmless functions (colours, gradients, calc, `var(--token)`).
 */
import { accept, refuse, type Sanitized } from './result';

type ValueKind = 'color' | 'length' | 'lengths' | 'opacity' | 'weight' | 'free' | 'keyword';

/** Allowed properties and the kind of value each takes. */
const properties: Record<string, ValueKind> = {
	color: 'color',
	background: 'free',
	'background-color': 'color',
	border: 'free',
	'border-top': 'free',
	'border-right': 'free',
	'border-bottom': 'free',
	'border-left': 'free',
	'border-color': 'free',
	'border-width': 'lengths',
	'border-style': 'keyword',
	'border-radius': 'lengths',
	'font-size': 'length',
	'font-weight': 'weight',
	'font-style': 'keyword',
	'text-align': 'keyword',
	padding: 'lengths',
	'padding-top': 'length',
	'padding-right': 'length',
	'padding-bottom': 'length',
	'padding-left': 'length',
	opacity: 'opacity',
	'box-shadow': 'free'
};

/** The property names the allow-list accepts, for error messages and docs. */
export const allowedStyleProperties: readonly string[] = Object.keys(properties);

const keywords: Record<string, readonly string[]> = {
	'border-style': ['none', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'],
	'font-style': ['normal', 'italic', 'oblique'],
	'text-align': ['left', 'right', 'center', 'justify', 'start', 'end']
};

const allowedFunctions = new Set([
	'rgb',
	'rgba',
	'hsl',
	'hsla',
	'hwb',
	'lab',
	'lch',
	'oklab',
	'oklch',
	'color-mix',
	'linear-gradient',
	'radial-gradient',
	'conic-gradient',
	'repeating-linear-gradient',
	'repeating-radial-gradient',
	'repeating-conic-gradient',
	'calc',
	'min',
	'max',
	'clamp',
	'var'
]);

const maxProperties = 24;
const maxValueLength = 240;
const safeCharacters = /^[a-zA-Z0-9#%.,()\s+\-/]*$/;
const lengthPattern = /^(0|-?\d*\.?\d+(px|em|rem|%|vh|vw|vmin|vmax|pt|ch|ex))$/;
const colorKeywords = /^(transparent|currentcolor|inherit|initial|unset|[a-z]{3,20})$/i;

function kebab(name: string): string {
	return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).toLowerCase();
}

/** Checks characters and function calls shared by every value. */
function checkSafe(value: string): string | undefined {
	if (value.length > maxValueLength) return `is longer than ${maxValueLength} characters`;
	let depth = 0;
	for (const char of value) {
		if (char === '(') depth++;
		if (char === ')' && --depth < 0) return 'has unbalanced parentheses';
	}
	if (depth !== 0) return 'has unbalanced parentheses';
	for (const match of value.matchAll(/([a-zA-Z-]*)\s*\(/g)) {
		const name = match[1].toLowerCase();
		if (!allowedFunctions.has(name)) {
			return `calls ${name || 'a bare parenthesis'}(), which is not allowed; allowed functions: ${[...allowedFunctions].join(', ')}`;
		}
	}
	if (!safeCharacters.test(value)) {
		return 'contains characters that are refused in styles (quotes, ; { } : ! @ * \\ < > and escapes)';
	}
	for (const match of value.matchAll(/var\(([^)]*)\)/gi)) {
		if (!/^\s*--[a-z0-9-]+\s*$/i.test(match[1])) return 'may use var() only as var(--token-name), without fallbacks';
	}
	return undefined;
}

function isColor(value: string): boolean {
	return (
		/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ||
		colorKeywords.test(value) ||
		/^[a-z-]+\(.*\)$/i.test(value)
	);
}

function isLength(value: string): boolean {
	return lengthPattern.test(value) || /^(calc|min|max|clamp|var)\(.*\)$/i.test(value) || value === 'auto';
}

function checkKind(property: string, kind: ValueKind, value: string): string | undefined {
	switch (kind) {
		case 'color':
			return isColor(value) ? undefined : 'is not a colour (#hex, a colour name, rgb()/hsl()/oklch(), or var(--token))';
		case 'length':
			return isLength(value) ? undefined : 'is not a length (e.g. 12px, 1.2rem, 50%)';
		case 'lengths': {
			const parts = value.split(/\s+(?![^(]*\))/);
			const ok = parts.length <= 4 && parts.every(isLength);
			return ok ? undefined : 'takes one to four lengths (e.g. 8px 12px)';
		}
		case 'opacity': {
			const number = value.endsWith('%') ? Number(value.slice(0, -1)) / 100 : Number(value);
			return Number.isFinite(number) && number >= 0 && number <= 1
				? undefined
				: 'must be a number from 0 to 1 (or 0% to 100%)';
		}
		case 'weight':
			return /^(normal|bold|bolder|lighter|[1-9]00)$/.test(value)
				? undefined
				: 'must be normal, bold, bolder, lighter or 100-900';
		case 'keyword':
			return keywords[property]?.includes(value.toLowerCase())
				? undefined
				: `must be one of ${keywords[property]?.join(', ')}`;
		case 'free':
			return undefined;
	}
}

/**
 * Sanitises a style object (`{ backgroundColor: '#fff' }` or `{ 'background-color': '#fff' }`)
 * into kebab-case properties with checked string values. Any refused property or value fails
 * the whole style, with a message naming what is allowed.
 */
export function sanitizeStyle(input: unknown): Sanitized<Record<string, string>> {
	if (typeof input !== 'object' || input === null || Array.isArray(input)) {
		return refuse('style must be an object of CSS properties, e.g. { "background-color": "#fef3c7" }');
	}
	const entries = Object.entries(input);
	if (entries.length > maxProperties)
		return refuse(`style has ${entries.length} properties; at most ${maxProperties} are allowed`);
	const result: Record<string, string> = {};
	const errors: string[] = [];
	for (const [rawName, rawValue] of entries) {
		const name = kebab(rawName.trim());
		const kind = Object.hasOwn(properties, name) ? properties[name] : undefined;
		if (!kind) {
			errors.push(`style property "${rawName}" is not allowed; allowed: ${allowedStyleProperties.join(', ')}`);
			continue;
		}
		if (typeof rawValue !== 'string' && !(typeof rawValue === 'number' && Number.isFinite(rawValue))) {
			errors.push(`style "${name}" must be a string or a number`);
			continue;
		}
		const value = String(rawValue).trim();
		const problem = value === '' ? 'is empty' : (checkSafe(value) ?? checkKind(name, kind, value));
		if (problem) errors.push(`style "${name}" value ${JSON.stringify(value.slice(0, 80))} ${problem}`);
		else result[name] = value;
	}
	return errors.length ? refuse(errors.join('; ')) : accept(result);
}

/** Renders a sanitised style as a `style` attribute value. Only pass sanitised styles. */
export function styleToCss(style: Record<string, string>): string {
	return Object.entries(style)
		.map(([name, value]) => `${name}: ${value}`)
		.join('; ');
}
