/**
 * Ignore rules for replay: JSON pointers (RFC 6901, `/structuredContent/generatedAt`) where a
 * segment `*` stands for any array index or object key. A rule covers the value it points at
 * and everything under it. Plain JavaScript with JSDoc types and no imports: the page, the
 * `replay` and `mock-server` scripts and the generated mock server file all use it as is.
 */

/**
 * The segments of a pointer (`~1` is `/`, `~0` is `~`); throws with a message naming the
 * rule when it is not a pointer.
 * @param {string} pointer
 * @returns {string[]}
 */
export function pointerSegments(pointer) {
	if (pointer === '') return [];
	if (typeof pointer !== 'string' || !pointer.startsWith('/'))
		throw new Error(
			`The ignore rule ${JSON.stringify(pointer)} is not a JSON pointer: it must start with "/" (for example /structuredContent/generatedAt).`
		);
	return pointer
		.slice(1)
		.split('/')
		.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The pointer of some segments.
 * @param {readonly (string | number)[]} segments
 * @returns {string}
 */
export function toPointer(segments) {
	return segments.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Rules checked once, ready to match paths.
 * @param {readonly string[]} pointers
 * @returns {string[][]}
 */
export function compileRules(pointers) {
	return pointers.map((pointer) => pointerSegments(pointer.trim()));
}

/**
 * Whether a path (segments) is covered by one of the rules.
 * @param {readonly (string | number)[]} path
 * @param {readonly string[][]} rules
 * @returns {boolean}
 */
export function isIgnored(path, rules) {
	return rules.some(
		(rule) => rule.length <= path.length && rule.every((segment, i) => segment === '*' || segment === String(path[i]))
	);
}

/**
 * A copy of `value` without what the rules cover (paths relative to `base`).
 * @param {unknown} value
 * @param {readonly string[][]} rules
 * @param {(string | number)[]} [base]
 * @returns {unknown}
 */
export function withoutIgnored(value, rules, base = []) {
	if (!rules.length) return value;
	if (Array.isArray(value))
		return value.map((item, index) =>
			isIgnored([...base, index], rules) ? undefined : withoutIgnored(item, rules, [...base, index])
		);
	if (value && typeof value === 'object') {
		/** @type {Record<string, unknown>} */
		const out = {};
		for (const [key, child] of Object.entries(value)) {
			if (!isIgnored([...base, key], rules)) out[key] = withoutIgnored(child, rules, [...base, key]);
		}
		return out;
	}
	return value;
}

/**
 * Reads the rules of a text area: one pointer a line, blank lines and `#` comments skipped.
 * Throws naming the first line that is not a pointer.
 * @param {string} text
 * @returns {string[]}
 */
export function parseRuleLines(text) {
	const rules = text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'));
	compileRules(rules);
	return rules;
}
