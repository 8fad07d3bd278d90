/**
 * Parameter bindings in a live widget's source: anywhere inside `source.args`,
 * `{"$param": "<name>"}` stands for the canvas parameter's current value (`null` while it is
 * unset), and `{"$param": "<name>", "as": "list"}` for its values as a list (a single value
 * becomes a list of one), which SQL such as `list_contains($origins, Origin)` needs whether the
 * user picked one value or several. Binding replaces the markers with values; the template
 * with its markers stays in the record, so the source can run again when a parameter changes.
 */
import { isPlainObject, isParamName, paramItems, paramNameError, type ParamValue, type ParamValues } from '$lib/shared';

/** The key of a binding object. */
export const paramKey = '$param';

/** `{"$param": name}` or `{"$param": name, "as": "list"}`. */
export interface ParamBinding {
	$param: string;
	as?: 'list';
}

/** Bounds of a walk over arguments (they come from the model or from a file). */
const walkLimits = { depth: 32, nodes: 200_000 } as const;

/** True for a binding object: `$param` and at most `as`. */
export function isParamBinding(value: unknown): value is ParamBinding {
	if (!isPlainObject(value) || typeof value[paramKey] !== 'string') return false;
	const keys = Object.keys(value);
	return keys.every((key) => key === paramKey || key === 'as');
}

function walk(value: unknown, visit: (binding: ParamBinding, path: string) => void): void {
	let nodes = 0;
	const step = (node: unknown, path: string, depth: number) => {
		if (++nodes > walkLimits.nodes || depth > walkLimits.depth) return;
		if (isParamBinding(node)) return visit(node, path);
		if (Array.isArray(node)) node.forEach((item, index) => step(item, `${path}/${index}`, depth + 1));
		else if (isPlainObject(node))
			for (const [key, item] of Object.entries(node)) step(item, `${path}/${key}`, depth + 1);
	};
	step(value, '', 0);
}

/** The parameter names a value binds, sorted, each once. */
export function paramNamesIn(value: unknown): string[] {
	const names = new Set<string>();
	walk(value, (binding) => {
		if (isParamName(binding.$param)) names.add(binding.$param);
	});
	return [...names].sort();
}

/**
 * Words that mark an argument as code: SQL, a query or expression language, a script or a
 * template. A `$param` anywhere under an argument whose name holds one of them (`sql`,
 * `raw_sql`, `queryText`, `filter_expression`, `script`…; split at `_`, `-`, `.` and
 * camelCase, case-insensitive), or named `code` or `source_code`, is refused: a parameter there would be spliced into code
 * rather than bound as data. The README lists them; keep the two in step.
 */
export const codeArgumentWords = [
	'sql',
	'query',
	'statement',
	'where',
	'clause',
	'expression',
	'expr',
	'formula',
	'script',
	'command',
	'cmd',
	'shell',
	'eval',
	'program',
	'template',
	'jq',
	'jsonata',
	'jmespath',
	'xpath',
	'cypher',
	'gremlin',
	'sparql',
	'graphql',
	'gql',
	'promql',
	'kql',
	'javascript',
	'js',
	'python'
] as const;

const codeWords = new Set<string>(codeArgumentWords);

/** The words of an argument name: `raw_sql` → raw, sql; `queryText` → query, text. */
function nameWords(name: string): string[] {
	return name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
}

/** Names that are code as a whole (`code` alone is not a code word: `country_code` is a value). */
export const codeArgumentNames = ['code', 'source_code', 'sourcecode'] as const;

/** True when an argument name marks code (see {@link codeArgumentWords}). */
export function isCodeArgument(name: string): boolean {
	const words = nameWords(name);
	return (
		words.some((word) => codeWords.has(word)) || (codeArgumentNames as readonly string[]).includes(words.join('_'))
	);
}

/** Problems with the bindings of a value (a bad name, an unknown `as`, a code argument), each with its JSON pointer. */
export function bindingProblems(value: unknown): string[] {
	const problems: string[] = [];
	walk(value, (binding, path) => {
		const badName = paramNameError(binding.$param);
		const codeKey = path.split('/').find((segment) => segment && isCodeArgument(segment));
		if (badName) problems.push(`${path || '/'}: ${badName}`);
		else if (codeKey)
			problems.push(
				`${path}: "${codeKey}" is ${/sql|query|statement|where|clause/i.test(codeKey) ? 'SQL text' : 'code'}, and a parameter there would be spliced into it; bind "${binding.$param}" as a real query parameter instead (query_sql: "params": {"${binding.$param}": {"$param": "${binding.$param}"}} with $${binding.$param} in the SQL), or use a tool that takes parameters`
			);
		else if (binding.as !== undefined && binding.as !== 'list')
			problems.push(`${path || '/'}: "as" may only be "list"`);
	});
	return problems;
}

function bound(binding: ParamBinding, values: ParamValues): ParamValue {
	const value = isParamName(binding.$param) && Object.hasOwn(values, binding.$param) ? values[binding.$param] : null;
	if (binding.as !== 'list') return value ?? null;
	const items = paramItems(value);
	return items.length ? items : null;
}

/** A copy of `value` with every binding replaced by the parameter's value (unset → `null`). */
export function bindParams<T>(value: T, values: ParamValues): T {
	let nodes = 0;
	const step = (node: unknown, depth: number): unknown => {
		if (++nodes > walkLimits.nodes || depth > walkLimits.depth) return node;
		if (isParamBinding(node)) return bound(node, values);
		if (Array.isArray(node)) return node.map((item) => step(item, depth + 1));
		if (isPlainObject(node))
			return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, step(item, depth + 1)]));
		return node;
	};
	return step(value, 0) as T;
}

/** The values a source's arguments bind right now, by name (unset ones as `null`). */
export function boundValues(args: unknown, values: ParamValues): Record<string, ParamValue> {
	return Object.fromEntries(
		paramNamesIn(args).map((name) => [name, Object.hasOwn(values, name) ? values[name] : null])
	);
}

/** A stable text for a set of bound values (what a widget's data was fetched with). */
export function valuesSignature(
	values: Readonly<Record<string, ParamValue | undefined>>,
	names: readonly string[]
): string {
	return JSON.stringify(names.map((name) => values[name] ?? null));
}
