/** Conversations: the list, each with its own chat and canvas (see conversation-index.ts). */
export { ConversationList, UNDO_DELETE_MS, type ConversationListOptions } from './conversation-list.svelte';
export {
	conversationIndexKey,
	firstConversationId,
	searchConversations,
	storageKeysFor,
	titleFrom,
	untitled,
	type ConversationIndexData,
	type ConversationSummary
} from './conversation-index';
export { default as ConversationPanel } from './ConversationPanel.svelte';
