/**
 * The tool set for a small context: when the user's question names tools (by their full
 * name, or by their own name without the `{server}_{protocol}_` prefix), a small model is
 * offered only those — fewer names to choose from, a shorter prompt and a smaller grammar.
 * Larger models, and questions that name no tool, keep every tool the loop offers.
 */
import type { ChatMessage, ProviderTool } from '../../types';

/** Contexts up to this many tokens count as small. */
export const SMALL_CONTEXT_TOKENS = 8192;

/** A tool's own name: what follows its `_mcp_`, `_webmcp_` or `_http_` prefix. */
export function ownName(name: string): string {
	const match = /_(?:mcp|webmcp|http)_(.+)$/.exec(name);
	return match ? match[1] : name;
}

/** The text of the current question (the last user message with text). */
export function questionText(messages: ChatMessage[]): string {
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index];
		if (message.role !== 'user') continue;
		const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
		if (text.trim()) return text;
	}
	return '';
}

function mentions(text: string, name: string): boolean {
	if (name.length < 4) return false;
	const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`, 'i').test(text);
}

/** The tools to offer: those the question names, in a small context; otherwise all. */
export function compactToolSet(tools: ProviderTool[], messages: ChatMessage[], contextTokens: number): ProviderTool[] {
	if (contextTokens > SMALL_CONTEXT_TOKENS || tools.length < 2) return tools;
	const question = questionText(messages);
	const named = tools.filter((tool) => mentions(question, tool.name) || mentions(question, ownName(tool.name)));
	return named.length > 0 ? named : tools;
}
