/**
 * The compact prompt for models with a small context (a few thousand tokens): turns the
 * neutral request into plain chat messages (system, user, assistant) that fit the model's
 * context with room for the reply. Tool schemas never enter the prompt — they constrain the
 * decoder (envelope.ts) — so the prompt lists each tool by name with a short description.
 * When the whole request does not fit, it is made smaller step by step, most useful parts
 * last: long tool results are cut (the full result stays available to `recall`), tool
 * descriptions shortened then left out, the system prompt shortened, older exchanges
 * dropped, and at last the remaining text cut, so every request fits.
 */
import type { ChatMessage, ProviderTool } from '../../types';
import type { ProviderRequest } from '../types';
import { envelopeInstruction, envelopeText, type EnvelopeOptions } from './envelope';

/** One message of the compact prompt. */
export interface PromptMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

/** How much room there is, in the model's tokens, and how many characters a token holds. */
export interface ContextBudget {
	/** The model's context length. */
	contextTokens: number;
	/** Tokens kept free for the reply. */
	outputTokens: number;
	/** Characters per token for this model (measured from earlier requests, else estimated). */
	charsPerToken: number;
	/** Tokens the chat template adds around each message (default 8). */
	perMessageTokens?: number;
}

/** The prompt that fits, with what was done to make it fit. */
export interface FittedPrompt {
	messages: PromptMessage[];
	/** Characters of message content. */
	chars: number;
	/** Estimated prompt tokens (content and template). */
	estimatedTokens: number;
	/** What was shortened, for the request event and the settings (empty when nothing was). */
	steps: string[];
}

interface Level {
	step: string;
	/** Longest tool result: the last message's, and earlier ones'. */
	lastResult: number;
	olderResult: number;
	/** Longest tool description; 0 lists names and arguments; -1 names only. */
	description: number;
	system: number;
	/** Which messages stay: all, from the current question, or the question and the last exchange. */
	keep: 'all' | 'question' | 'last';
}

const levels: Level[] = [
	{ step: '', lastResult: Infinity, olderResult: Infinity, description: 200, system: Infinity, keep: 'all' },
	{ step: 'tool results cut', lastResult: 1500, olderResult: 400, description: 200, system: Infinity, keep: 'all' },
	{
		step: 'tool descriptions shortened',
		lastResult: 1500,
		olderResult: 400,
		description: 60,
		system: Infinity,
		keep: 'all'
	},
	{ step: 'system prompt shortened', lastResult: 1500, olderResult: 400, description: 60, system: 1200, keep: 'all' },
	{
		step: 'earlier turns left out',
		lastResult: 1200,
		olderResult: 300,
		description: 60,
		system: 1200,
		keep: 'question'
	},
	{
		step: 'tool descriptions left out',
		lastResult: 800,
		olderResult: 200,
		description: 0,
		system: 500,
		keep: 'question'
	},
	{ step: 'only the last exchange kept', lastResult: 400, olderResult: 120, description: -1, system: 240, keep: 'last' }
];

/** Cuts `text` to `max` characters, saying how much was left out. */
export function cutText(text: string, max: number): string {
	if (text.length <= max) return text;
	const note = ` … [${text.length - max} more characters cut to fit the model's context]`;
	return text.slice(0, Math.max(0, max - note.length)) + note;
}

function firstSentence(text: string, max: number): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	const sentence = /^(.+?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat;
	return sentence.length <= max ? sentence : `${sentence.slice(0, Math.max(0, max - 1))}…`;
}

function argumentList(tool: ProviderTool): string {
	const schema = tool.input_schema as { properties?: Record<string, unknown>; required?: unknown };
	const required = new Set(Array.isArray(schema.required) ? schema.required : []);
	const keys = Object.keys(schema.properties ?? {});
	return keys.map((key) => (required.has(key) ? key : `${key}?`)).join(', ');
}

/** The tool list of the system message at a level of detail. */
export function toolLines(tools: ProviderTool[], description: number): string {
	return tools
		.map((tool) => {
			if (description < 0) return `- ${tool.name}`;
			const text = description > 0 && tool.description ? `: ${firstSentence(tool.description, description)}` : '';
			return `- ${tool.name}(${argumentList(tool)})${text}`;
		})
		.join('\n');
}

/** The index of the current question: the last user message with text of its own. */
function questionIndex(messages: ChatMessage[]): number {
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index];
		if (message.role === 'user' && message.content.some((block) => block.type === 'text' && block.text.trim()))
			return index;
	}
	return 0;
}

function render(request: ProviderRequest, level: Level, constrained: EnvelopeOptions | null): PromptMessage[] {
	const names = new Map<string, string>();
	for (const message of request.messages) {
		if (message.role === 'assistant')
			for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
	}
	const question = questionIndex(request.messages);
	let kept = request.messages.map((message, index) => ({ message, index }));
	if (level.keep !== 'all') kept = kept.filter(({ index }) => index >= question);
	if (level.keep === 'last' && kept.length > 3) kept = [kept[0], ...kept.slice(-2)];
	const lastIndex = request.messages.length - 1;
	const out: PromptMessage[] = [];
	const system = [cutText(request.system.trim(), level.system)];
	if (request.tools.length > 0 && constrained)
		system.push(`Tools:\n${toolLines(request.tools, level.description)}`, envelopeInstruction(constrained));
	const systemText = system.filter(Boolean).join('\n\n');
	if (systemText) out.push({ role: 'system', content: systemText });
	for (const { message, index } of kept) {
		const resultMax = index === lastIndex ? level.lastResult : level.olderResult;
		const parts = message.content.map((block) => {
			if (block.type === 'text') return message.role === 'assistant' && constrained ? envelopeText(block) : block.text;
			if (block.type === 'tool_use') return envelopeText(block);
			const name = names.get(block.tool_use_id) ?? 'the tool';
			return `${block.is_error ? `Error from ${name}` : `Result of ${name}`}:\n${cutText(block.content, resultMax)}`;
		});
		append(out, message.role, parts.filter((part) => part.trim()).join('\n\n') || '(empty)');
	}
	while (out.length > 1 && out[1].role === 'assistant') out.splice(1, 1);
	return out;
}

function append(out: PromptMessage[], role: PromptMessage['role'], content: string): void {
	const last = out.at(-1);
	if (last && last.role === role) last.content = `${last.content}\n\n${content}`;
	else out.push({ role, content });
}

function size(messages: PromptMessage[]): number {
	return messages.reduce((total, message) => total + message.content.length, 0);
}

/**
 * The request as compact chat messages that fit `budget`. `constrained` is the envelope of
 * this request, or null for a free-text reply (no tool list, no instruction).
 */
export function fitPrompt(
	request: ProviderRequest,
	budget: ContextBudget,
	constrained: EnvelopeOptions | null
): FittedPrompt {
	const perMessage = budget.perMessageTokens ?? 8;
	const available = Math.max(0, budget.contextTokens - budget.outputTokens);
	const estimate = (messages: PromptMessage[]) =>
		Math.ceil(size(messages) / budget.charsPerToken) + perMessage * (messages.length + 1);
	const steps: string[] = [];
	let messages: PromptMessage[] = [];
	for (const level of levels) {
		messages = render(request, level, constrained);
		if (level.step) steps.push(level.step);
		if (estimate(messages) <= available)
			return { messages, chars: size(messages), estimatedTokens: estimate(messages), steps };
	}
	steps.push('text cut');
	const allowed = Math.max(0, Math.floor((available - perMessage * (messages.length + 1)) * budget.charsPerToken));
	messages = cutToSize(messages, allowed);
	return { messages, chars: size(messages), estimatedTokens: estimate(messages), steps };
}

/** Cuts the longest messages until the total is at most `allowed` characters. */
function cutToSize(messages: PromptMessage[], allowed: number): PromptMessage[] {
	const out = messages.map((message) => ({ ...message }));
	let excess = size(out) - allowed;
	while (excess > 0) {
		const longest = out.reduce((best, message) => (message.content.length > best.content.length ? message : best));
		const target = Math.max(0, longest.content.length - excess);
		const cut = target < 80 ? longest.content.slice(0, target) : cutText(longest.content, target);
		excess -= longest.content.length - cut.length;
		if (cut.length === longest.content.length) break;
		longest.content = cut;
	}
	return out;
}
