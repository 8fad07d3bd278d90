/**
 * Moves the page between conversations: the chat (an AgentSession) and the canvas (a
 * CanvasSession) switch together to the keys of the chosen conversation, after saving what
 * is pending under the old ones. Nothing the user made is dropped: "New" keeps the current
 * conversation in the list, "Delete" can be undone.
 */
import type { ConversationList } from './conversation-list.svelte';

/** What the switcher needs from the chat side. */
export interface SwitchableChat {
	switchTo(key: string): Promise<string | null>;
	stop(): void;
}

/** What the switcher needs from the canvas side. */
export interface SwitchableCanvas {
	switchTo(key: string): Promise<void>;
}

/** Options of {@link createConversationSwitcher}. */
export interface ConversationSwitcherOptions {
	list: ConversationList;
	chat: SwitchableChat;
	canvas: SwitchableCanvas;
	/** Shows a notice (a restore problem, a storage failure). */
	notify(kind: 'warning' | 'error', message: string): void;
}

/** The page's verbs over conversations. */
export interface ConversationSwitcher {
	/** Loads the list and opens the current conversation's chat and canvas. */
	start(): Promise<void>;
	open(id: string): Promise<void>;
	/** Starts a new, empty conversation (with an empty canvas) and opens it. */
	create(): Promise<void>;
	/** Deletes a conversation (undoable); when it was open, the next one opens. */
	remove(id: string): Promise<void>;
	undoRemove(): void;
	/** Resolves when no switch is under way: a message sent meanwhile waits for it. */
	whenIdle(): Promise<void>;
}

/** Creates the switcher; serialises switches so two quick clicks cannot interleave. */
export function createConversationSwitcher(options: ConversationSwitcherOptions): ConversationSwitcher {
	const { list, chat, canvas, notify } = options;
	let queue: Promise<void> = Promise.resolve();

	const enqueue = (work: () => Promise<void>): Promise<void> => {
		queue = queue
			.then(work)
			.catch((error: unknown) =>
				notify('error', `Switching conversations failed: ${error instanceof Error ? error.message : String(error)}`)
			);
		return queue;
	};

	async function load(): Promise<void> {
		const keys = list.keys;
		chat.stop();
		const [notice] = await Promise.all([chat.switchTo(keys.chat), canvas.switchTo(keys.canvas)]);
		if (notice) notify('warning', notice);
	}

	return {
		start: () =>
			enqueue(async () => {
				await list.load();
				await load();
			}),
		open: (id) =>
			enqueue(async () => {
				if (id === list.current) return;
				list.select(id);
				await load();
			}),
		create: () =>
			enqueue(async () => {
				list.create();
				await load();
			}),
		remove: (id) =>
			enqueue(async () => {
				const wasOpen = id === list.current;
				list.remove(id);
				if (wasOpen) await load();
			}),
		undoRemove: () => list.undoRemove(),
		whenIdle: () => queue
	};
}
