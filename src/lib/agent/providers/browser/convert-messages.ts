/**
 * Compact prompt → Prompt API session: every message but the last becomes the session's
 * initial prompts (the system message first), the last one — always the user's — is the
 * prompt. The Prompt API formats them with the model's own template.
 */
import type { PromptMessage } from '../constrained/fit-prompt';
import type { PromptApiMessage } from './wire-types';

/** The initial prompts and the prompt of one request. */
export function toSessionInput(messages: PromptMessage[]): { initialPrompts: PromptApiMessage[]; input: string } {
	const last = messages.at(-1);
	if (!last || last.role !== 'user')
		return { initialPrompts: messages.map((message) => ({ ...message })), input: '(continue)' };
	return { initialPrompts: messages.slice(0, -1).map((message) => ({ ...message })), input: last.content };
}
