/**
 * What a Vega expression can build: `sequence()` makes an array, `pad()` a string that
 * `split()` turns into an array, and a `flatten` after such a `calculate` makes one row per
 * element. The chart row budget reads expressions with this, so a one-line `calculate` cannot
 * generate millions of rows. Arguments must be number literals to be counted; a generator
 * whose size depends on data or signals counts as unbounded.
 */

/** The calls that build arrays or long strings, and what each makes. */
const GENERATORS = /\b(sequence|pad)\s*\(/g;

/** The top-level, comma-separated arguments of the call whose `(` is at `open`. */
function callArguments(text: string, open: number): string[] | undefined {
	const args: string[] = [];
	let depth = 0;
	let start = open + 1;
	let quote: string | undefined;
	for (let index = open; index < text.length; index++) {
		const char = text[index];
		if (quote) {
			if (char === '\\') index++;
			else if (char === quote) quote = undefined;
			continue;
		}
		if (char === '"' || char === "'") quote = char;
		else if (char === '(' || char === '[' || char === '{') depth++;
		else if (char === ')' || char === ']' || char === '}') {
			depth--;
			if (depth === 0) {
				args.push(text.slice(start, index).trim());
				return args.filter((arg, position) => arg !== '' || position > 0);
			}
		} else if (char === ',' && depth === 1) {
			args.push(text.slice(start, index).trim());
			start = index + 1;
		}
	}
	return undefined;
}

const literal = (arg: string | undefined): number | undefined => {
	if (arg === undefined || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(arg)) return undefined;
	return Number(arg);
};

/** Elements of `sequence(stop)`, `sequence(start, stop)` or `sequence(start, stop, step)`. */
function sequenceSize(args: string[]): number {
	const numbers = args.map(literal);
	if (numbers.some((value) => value === undefined) || numbers.length === 0 || numbers.length > 3) return Infinity;
	const [start, stop, step] = numbers.length === 1 ? [0, numbers[0]!, 1] : [numbers[0]!, numbers[1]!, numbers[2] ?? 1];
	if (step === 0) return start === stop ? 0 : Infinity;
	const count = Math.ceil((stop - start) / step);
	return Number.isFinite(count) ? Math.max(0, count) : Infinity;
}

/** Characters of `pad(text, length, …)`: its length argument. */
function padSize(args: string[]): number {
	const length = literal(args[1]);
	return length === undefined ? Infinity : Math.max(0, length);
}

/** The largest array or string any generator call in `expression` can build (0 when none). */
export function generatedSize(expression: string): number {
	let largest = 0;
	for (const match of expression.matchAll(GENERATORS)) {
		const args = callArguments(expression, match.index! + match[0].length - 1);
		if (!args) return Infinity;
		largest = Math.max(largest, match[1] === 'sequence' ? sequenceSize(args) : padSize(args));
	}
	return largest;
}

/** Every string of `value` (keys excluded), with its JSON pointer, depth-bounded. */
export function* stringsOf(value: unknown, path = '', depth = 0): Generator<[string, string]> {
	if (depth > 40) return;
	if (typeof value === 'string') yield [path, value];
	else if (Array.isArray(value))
		for (let index = 0; index < value.length; index++) {
			const item = value[index];
			// Numbers hold no string: a shape's coordinates (thousands of pairs) are skipped at once.
			if (typeof item === 'number' || (Array.isArray(item) && item.every((entry) => typeof entry === 'number')))
				continue;
			yield* stringsOf(item, `${path}/${index}`, depth + 1);
		}
	else if (value && typeof value === 'object') {
		for (const [key, child] of Object.entries(value))
			yield* stringsOf(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
	}
}
