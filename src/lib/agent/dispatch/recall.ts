/**
 * `recall(id, offset?, length?)`: the full text of an earlier result, page by page, from the
 * session's result buffer (the model saw a shortened or compressed version).
 */
import type { AgentState } from '../loop/state';
import { failure, type Outcome } from './context';

/** Answers recall from the session buffer; an unknown id lists the ids that exist. */
export function answerRecall(state: AgentState, args: Record<string, unknown>, pageChars: number): Outcome {
	const id = typeof args.id === 'string' ? args.id.trim() : '';
	const stored = id ? state.results.get(id) : undefined;
	if (!stored) {
		const known = state.results.ids().slice(-20);
		return failure(
			'not_found',
			`No stored result has id "${id}". ${known.length ? `Known ids: ${known.join(', ')}.` : 'No results are stored yet.'}`
		);
	}
	const total = stored.text.length;
	const offset = typeof args.offset === 'number' && args.offset > 0 ? Math.min(Math.floor(args.offset), total) : 0;
	const length =
		typeof args.length === 'number' && args.length > 0 ? Math.min(Math.floor(args.length), pageChars) : pageChars;
	if (offset === 0 && total <= length) return { ok: true, text: stored.text, store: false };
	const end = Math.min(total, offset + length);
	const more = end < total ? ` Call recall with id "${id}" and offset ${end} for the rest.` : '';
	const capped = stored.size > total ? ` (stored text capped at ${total} of ${stored.size} characters)` : '';
	return {
		ok: true,
		text: `[recall ${id}: characters ${offset}–${end} of ${total}${capped}.${more}]\n${stored.text.slice(offset, end)}`,
		store: false
	};
}
