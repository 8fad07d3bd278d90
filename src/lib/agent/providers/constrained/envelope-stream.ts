/**
 * Reads a reply decoded under the envelope (see envelope.ts) while it streams: the text of
 * an `answer` is decoded out of its JSON string and handed on as it arrives, token by token;
 * a `tool` reply announces the call once its name is complete and then passes on the
 * argument text. At the end the whole reply is parsed; a reply cut short by the output limit
 * keeps the text it had, or becomes a call whose arguments are reported invalid (the loop
 * answers it with an error the model can correct from). Free-text replies (no envelope)
 * pass straight through.
 */
import type { AssistantMessage } from '../../types';
import type { AttemptHandlers } from '../run-turn';
import { toolUseFromArguments } from '../tool-arguments';
import { envelopeKeys } from './envelope';

const answerStart = new RegExp(`^\\s*\\{\\s*"${envelopeKeys.answer}"\\s*:\\s*"`);
const toolStart = new RegExp(
	`^\\s*\\{\\s*"${envelopeKeys.tool}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"\\s*,\\s*"${envelopeKeys.arguments}"\\s*:\\s*`
);
const escapes: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Decodes the JSON string body starting at `from` as far as it is complete: the text so far
 * and whether the closing quote arrived. An escape cut in half waits for the next token.
 */
export function decodePartialString(source: string, from: number): { text: string; closed: boolean } {
	let text = '';
	for (let index = from; index < source.length; index++) {
		const char = source[index];
		if (char === '"') return { text, closed: true };
		if (char !== '\\') {
			text += char;
			continue;
		}
		const next = source[index + 1];
		if (next === undefined) break;
		if (next === 'u') {
			const hex = source.slice(index + 2, index + 6);
			if (hex.length < 4) break;
			text += String.fromCharCode(Number.parseInt(hex, 16) || 0xfffd);
			index += 5;
			continue;
		}
		text += escapes[next] ?? next;
		index++;
	}
	return { text, closed: false };
}

type Mode =
	| { kind: 'pending' }
	| { kind: 'plain' }
	| { kind: 'answer'; from: number }
	| { kind: 'tool'; id: string; name: string; from: number };

/** Assembles one streamed reply. `constrained` is false when no envelope was asked for. */
export class EnvelopeStream {
	#handlers: AttemptHandlers;
	#newId: () => string;
	#raw = '';
	#emitted = 0;
	#mode: Mode;

	constructor(constrained: boolean, handlers: AttemptHandlers, newId: () => string) {
		this.#handlers = handlers;
		this.#newId = newId;
		this.#mode = constrained ? { kind: 'pending' } : { kind: 'plain' };
	}

	/** The reply's text as decoded so far (raw JSON for the envelope). */
	get raw(): string {
		return this.#raw;
	}

	/** Feeds the next piece of the reply. */
	push(delta: string): void {
		if (!delta) return;
		this.#raw += delta;
		if (this.#mode.kind === 'plain') {
			this.#handlers.text(delta);
			return;
		}
		if (this.#mode.kind === 'pending') this.#detect();
		if (this.#mode.kind === 'answer') this.#emitAnswer();
		else if (this.#mode.kind === 'tool')
			this.#handlers.toolInput(this.#mode.id, this.#mode.name, this.#arguments(this.#mode.from));
	}

	#detect(): void {
		const answer = answerStart.exec(this.#raw);
		if (answer) {
			this.#mode = { kind: 'answer', from: answer[0].length };
			return;
		}
		const tool = toolStart.exec(this.#raw);
		if (tool) {
			const name = decodePartialString(`${tool[1]}"`, 0).text;
			this.#mode = { kind: 'tool', id: this.#newId(), name, from: tool[0].length };
			this.#handlers.toolCallStart(this.#mode.id, name);
		}
	}

	#emitAnswer(): string {
		if (this.#mode.kind !== 'answer') return '';
		const { text } = decodePartialString(this.#raw, this.#mode.from);
		if (text.length > this.#emitted) {
			this.#handlers.text(text.slice(this.#emitted));
			this.#emitted = text.length;
		}
		return text;
	}

	/** The argument text so far, without the envelope's closing brace. */
	#arguments(from: number): string {
		return this.#raw
			.slice(from)
			.trimStart()
			.replace(/\}\s*$/, '');
	}

	/** The assistant message once the reply ended. */
	finish(): AssistantMessage {
		const content: AssistantMessage['content'] = [];
		const parsed = parseObject(this.#raw);
		if (this.#mode.kind === 'plain') {
			if (this.#raw.trim()) content.push({ type: 'text', text: this.#raw });
		} else if (parsed && typeof parsed[envelopeKeys.answer] === 'string') {
			const text = parsed[envelopeKeys.answer] as string;
			if (text.length > this.#emitted) this.#handlers.text(text.slice(this.#emitted));
			if (text.trim()) content.push({ type: 'text', text });
		} else if (parsed && typeof parsed[envelopeKeys.tool] === 'string') {
			const name = parsed[envelopeKeys.tool] as string;
			const id = this.#mode.kind === 'tool' ? this.#mode.id : this.#announce(name);
			content.push(toolUseFromArguments(id, name, JSON.stringify(parsed[envelopeKeys.arguments] ?? {})));
		} else if (this.#mode.kind === 'answer') {
			const text = this.#emitAnswer();
			if (text.trim()) content.push({ type: 'text', text });
		} else if (this.#mode.kind === 'tool') {
			const raw = this.#arguments(this.#mode.from);
			const call = toolUseFromArguments(this.#mode.id, this.#mode.name, raw);
			content.push(
				call.invalidArguments
					? call
					: {
							...call,
							invalidArguments: { raw, error: 'the call was cut off before its end (the output limit was reached)' }
						}
			);
		} else if (this.#raw.trim()) {
			this.#handlers.text(this.#raw);
			content.push({ type: 'text', text: this.#raw });
		}
		return { role: 'assistant', content };
	}

	#announce(name: string): string {
		const id = this.#newId();
		this.#handlers.toolCallStart(id, name);
		return id;
	}
}

function parseObject(text: string): Record<string, unknown> | null {
	try {
		const value = JSON.parse(text) as unknown;
		return typeof value === 'object' && value !== null && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: null;
	} catch {
		return null;
	}
}
