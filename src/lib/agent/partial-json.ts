/**
 * Best-effort reading of JSON that is still streaming (a tool call's arguments while the
 * model writes them). The text is cut back to its last complete value: an open string is
 * closed, a dangling key (with or without its colon), a trailing comma and an unfinished
 * number or literal are dropped, and open arrays and objects are closed. Pure; never throws.
 */

type Token =
	| { kind: 'punct'; char: '{' | '}' | '[' | ']' | ':' | ',' }
	| { kind: 'string'; raw: string; closed: boolean }
	| { kind: 'scalar'; raw: string; ended: boolean };

const numberPattern = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const literals = new Set(['true', 'false', 'null']);

function tokenize(text: string): Token[] | undefined {
	const tokens: Token[] = [];
	let i = 0;
	while (i < text.length) {
		const char = text[i];
		if (char === ' ' || char === '\n' || char === '\r' || char === '\t') {
			i++;
		} else if (char === '{' || char === '}' || char === '[' || char === ']' || char === ':' || char === ',') {
			tokens.push({ kind: 'punct', char });
			i++;
		} else if (char === '"') {
			let j = i + 1;
			let closed = false;
			while (j < text.length) {
				if (text[j] === '\\') j += 2;
				else if (text[j] === '"') {
					closed = true;
					break;
				} else j++;
			}
			tokens.push({ kind: 'string', raw: text.slice(i, closed ? j + 1 : text.length), closed });
			i = closed ? j + 1 : text.length;
		} else if (/[-0-9a-z.+]/i.test(char)) {
			let j = i;
			while (j < text.length && /[-0-9a-z.+]/i.test(text[j])) j++;
			tokens.push({ kind: 'scalar', raw: text.slice(i, j), ended: j < text.length });
			i = j;
		} else {
			return undefined;
		}
	}
	return tokens;
}

/** Closes an unfinished string: drops a dangling escape, then adds the quote. */
function closeString(raw: string): string {
	let body = raw;
	const escape = /\\(u[0-9a-fA-F]{0,3})?$/.exec(body);
	if (escape) {
		const backslashes = /\\+$/.exec(body.slice(0, escape.index + 1))?.[0].length ?? 0;
		if (escape[1] !== undefined || backslashes % 2 === 1) body = body.slice(0, escape.index);
	}
	return `${body}"`;
}

type Frame =
	{ type: 'object'; expect: 'key' | 'colon' | 'value' | 'next' } | { type: 'array'; expect: 'value' | 'next' };

/** Replays the tokens; the open containers, or undefined when the tokens are not JSON. */
function replay(tokens: readonly Token[]): Frame[] | undefined {
	const stack: Frame[] = [];
	let done = false;
	const valueDone = (): boolean => {
		const top = stack.at(-1);
		if (!top) {
			if (done) return false;
			done = true;
			return true;
		}
		if (top.expect !== 'value') return false;
		top.expect = 'next';
		return true;
	};
	for (const token of tokens) {
		const top = stack.at(-1);
		if (token.kind === 'string') {
			if (top?.type === 'object' && top.expect === 'key') top.expect = 'colon';
			else if (!valueDone()) return undefined;
		} else if (token.kind === 'scalar') {
			if (!valueDone()) return undefined;
		} else if (token.char === '{' || token.char === '[') {
			if (top ? top.expect !== 'value' : done) return undefined;
			stack.push(token.char === '{' ? { type: 'object', expect: 'key' } : { type: 'array', expect: 'value' });
		} else if (token.char === '}' || token.char === ']') {
			const wanted = token.char === '}' ? 'object' : 'array';
			if (top?.type !== wanted || (top.expect !== 'next' && !(top.expect === (wanted === 'object' ? 'key' : 'value'))))
				return undefined;
			stack.pop();
			if (!valueDone()) return undefined;
		} else if (token.char === ':') {
			if (top?.type !== 'object' || top.expect !== 'colon') return undefined;
			top.expect = 'value';
		} else {
			if (!top || top.expect !== 'next') return undefined;
			top.expect = top.type === 'object' ? 'key' : 'value';
		}
	}
	return stack;
}

/**
 * The value the partial JSON `text` holds so far, or undefined when nothing usable has
 * arrived (or the text is not JSON at all).
 */
export function parsePartialJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		// Still streaming: repaired below.
	}
	const tokens = tokenize(text);
	if (!tokens) return undefined;
	const last = tokens.at(-1);
	if (last?.kind === 'scalar' && !last.ended && !literals.has(last.raw) && !numberPattern.test(last.raw)) tokens.pop();
	for (let guard = 0; guard < 4; guard++) {
		const tail = tokens.at(-1);
		if (tail?.kind === 'string' && !tail.closed) {
			const stack = replay(tokens.slice(0, -1));
			const top = stack?.at(-1);
			if (top?.type === 'object' && top.expect === 'key') tokens.pop();
			else tokens[tokens.length - 1] = { kind: 'string', raw: closeString(tail.raw), closed: true };
			continue;
		}
		const stack = replay(tokens);
		if (!stack) return undefined;
		const top = stack.at(-1);
		if (top?.type === 'object' && top.expect === 'colon') tokens.pop();
		else if (top?.type === 'object' && top.expect === 'value') tokens.splice(-2, 2);
		else if (tail?.kind === 'punct' && tail.char === ',') tokens.pop();
		else break;
	}
	const stack = replay(tokens);
	if (!stack || !tokens.length) return undefined;
	const body = tokens.map((token) => (token.kind === 'punct' ? token.char : token.raw)).join('');
	const closers = stack
		.reverse()
		.map((frame) => (frame.type === 'object' ? '}' : ']'))
		.join('');
	try {
		return JSON.parse(body + closers);
	} catch {
		return undefined;
	}
}

/** The arguments object a streaming tool call holds so far (empty until one is readable). */
export function partialArguments(text: string): Record<string, unknown> {
	const value = parsePartialJson(text);
	return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
