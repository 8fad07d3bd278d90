/**
 * Known models: list prices and context windows from models.json (the one data file to
 * edit when prices change). Lookup is by the longest listed id a model name starts with,
 * so dated names (`claude-sonnet-4-5-20250929`) and provider-prefixed names
 * (`anthropic/claude-sonnet-4-5`) resolve too.
 */
import type { Usage } from '$lib/agent';
import data from './models.json';

/** US dollars per million tokens. */
export interface ModelPrice {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
}

/** What is known about a model. */
export interface ModelInfo {
	id: string;
	provider: string;
	contextWindow: number;
	price: ModelPrice;
}

/** Month the prices were checked. */
export const pricesAsOf: string = data.asOf;

const models: readonly ModelInfo[] = [...data.models].sort((a, b) => b.id.length - a.id.length);

/**
 * The listed model a model name refers to, or undefined when it is not listed. A suffix
 * after `-`, `@` or `:` is accepted unless it is a short version number, so
 * `claude-opus-4-20250514` is claude-opus-4 but `claude-opus-4-6` is not.
 */
export function findModel(name: string | null | undefined): ModelInfo | undefined {
	if (!name) return undefined;
	const normal = name.trim().toLowerCase().replace(/^.*\//, '');
	return models.find((model) => {
		if (normal === model.id) return true;
		if (!normal.startsWith(model.id) || !/[-@:]/.test(normal.charAt(model.id.length))) return false;
		return !/^\d{1,2}(\D|$)/.test(normal.slice(model.id.length + 1));
	});
}

/** Estimated cost in US dollars of one request's usage, or null for an unlisted model. */
export function estimateCost(model: string | null | undefined, usage: Usage): number | null {
	const info = findModel(model);
	if (!info) return null;
	const { price } = info;
	return (
		(usage.inputTokens * price.input +
			usage.outputTokens * price.output +
			usage.cacheReadTokens * price.cacheRead +
			usage.cacheWriteTokens * price.cacheWrite) /
		1_000_000
	);
}
