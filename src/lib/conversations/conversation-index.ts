/**
 * The list of conversations, as plain data: each has its own chat and its own canvas, saved
 * under keys derived from its id. Pure functions over the saved index, so the rules
 * (titles from the first question, newest first, never an empty list) are testable in Node.
 */
import { isPlainObject, randomId } from '$lib/shared';

/** One conversation in the list. */
export interface ConversationSummary {
	id: string;
	title: string;
	createdAt: number;
	updatedAt: number;
	/** True once the title came from the user's words (first question or a rename). */
	titled: boolean;
}

/** The saved list: the conversations, newest first, and the one that is open. */
export interface ConversationIndexData {
	version: 1;
	current: string;
	items: ConversationSummary[];
}

/** Where the list is saved. */
export const conversationIndexKey = 'conversations.v1';
/** The conversation that existed before there was a list: it keeps the original keys. */
export const firstConversationId = 'default';
/** The title of a conversation nobody has spoken in yet. */
export const untitled = 'New conversation';

/** The storage keys of a conversation's chat and canvas. */
export function storageKeysFor(id: string): { chat: string; canvas: string } {
	return id === firstConversationId
		? { chat: 'chat.v1', canvas: 'canvas.v1' }
		: { chat: `chat.v1:${id}`, canvas: `canvas.v1:${id}` };
}

/** A title from a question: its first line, at most 60 characters. */
export function titleFrom(text: string): string {
	const line = text.trim().split('\n')[0].replace(/\s+/g, ' ');
	if (!line) return untitled;
	return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** A list with one untitled conversation (the first one keeps the pre-list keys). */
export function initialIndex(now: number, id = firstConversationId): ConversationIndexData {
	return { version: 1, current: id, items: [{ id, title: untitled, createdAt: now, updatedAt: now, titled: false }] };
}

function isSummary(value: unknown): value is ConversationSummary {
	return (
		isPlainObject(value) &&
		typeof value.id === 'string' &&
		value.id.length > 0 &&
		typeof value.title === 'string' &&
		typeof value.createdAt === 'number' &&
		typeof value.updatedAt === 'number'
	);
}

/** Reads a saved list defensively; anything unusable gives `undefined` (the caller starts over). */
export function readIndex(value: unknown): ConversationIndexData | undefined {
	if (!isPlainObject(value) || value.version !== 1 || !Array.isArray(value.items)) return undefined;
	const items = value.items.filter(isSummary).map((item) => ({ ...item, titled: item.titled === true }));
	if (!items.length) return undefined;
	const current =
		typeof value.current === 'string' && items.some((item) => item.id === value.current) ? value.current : items[0].id;
	return { version: 1, current, items };
}

/** Adds a new untitled conversation at the top and opens it. */
export function createConversation(
	index: ConversationIndexData,
	now: number,
	id = randomId('c_', 10)
): ConversationIndexData {
	const item: ConversationSummary = { id, title: untitled, createdAt: now, updatedAt: now, titled: false };
	return { ...index, current: id, items: [item, ...index.items] };
}

/** Renames a conversation (an empty name is refused). */
export function renameConversation(index: ConversationIndexData, id: string, title: string): ConversationIndexData {
	const clean = title.trim().replace(/\s+/g, ' ').slice(0, 120);
	if (!clean) return index;
	return {
		...index,
		items: index.items.map((item) => (item.id === id ? { ...item, title: clean, titled: true } : item))
	};
}

/** Records activity: the first question becomes the title, and the conversation moves to the top. */
export function touchConversation(
	index: ConversationIndexData,
	id: string,
	now: number,
	question?: string
): ConversationIndexData {
	const item = index.items.find((candidate) => candidate.id === id);
	if (!item) return index;
	const next: ConversationSummary = {
		...item,
		updatedAt: now,
		...(!item.titled && question?.trim() ? { title: titleFrom(question), titled: true } : {})
	};
	return { ...index, items: [next, ...index.items.filter((candidate) => candidate.id !== id)] };
}

/**
 * Removes a conversation from the list. The list is never empty: removing the last one
 * starts a new untitled one. When the open one is removed, the next in the list opens.
 */
export function removeConversation(index: ConversationIndexData, id: string, now: number): ConversationIndexData {
	const items = index.items.filter((item) => item.id !== id);
	if (!items.length) return createConversation({ ...index, items: [] }, now);
	return { ...index, items, current: index.current === id ? items[0].id : index.current };
}

/** Puts a removed conversation back where it was (for Undo). */
export function restoreConversation(
	index: ConversationIndexData,
	item: ConversationSummary,
	position: number
): ConversationIndexData {
	if (index.items.some((candidate) => candidate.id === item.id)) return index;
	const items = [...index.items];
	items.splice(Math.min(position, items.length), 0, item);
	return { ...index, items };
}

/** The conversations whose title contains every word of `query` (case- and accent-insensitive). */
export function searchConversations(items: readonly ConversationSummary[], query: string): ConversationSummary[] {
	const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
	const words = fold(query).split(/\s+/).filter(Boolean);
	if (!words.length) return [...items];
	return items.filter((item) => {
		const title = fold(item.title);
		return words.every((word) => title.includes(word));
	});
}
