/**
 * A View's `ui/message` becomes a chat turn only when the user agrees. Each message is shown
 * on the View's widget with its text and three choices: send it once, always allow this
 * server's views (kept on this device, per server), or refuse. Messages are marked as coming
 * from the View, and rate-limited per View (one every 2 s, MAX_PER_MINUTE a minute); while the
 * user has not answered, further messages from that View are refused at once. The context a
 * View adds (`ui/update-model-context`) is bounded in size, in number of Views and in rate.
 */

/** The user's answer to a View's message. */
export type MessageChoice = 'once' | 'always' | 'deny';

export const MIN_INTERVAL_MS = 2_000;
export const MAX_PER_MINUTE = 5;
/** Longest message, and longest context text of one View (characters). */
export const MAX_MESSAGE_CHARS = 20_000;
export const MAX_CONTEXT_CHARS = 4_000;
/** Views whose context is kept at once, and context updates a View may make per minute. */
export const MAX_CONTEXT_VIEWS = 8;
export const MAX_CONTEXT_UPDATES_PER_MINUTE = 30;

const STORAGE_KEY = 'autoui.app-messages.v1';

type Verdict = { ok: true; text: string } | { ok: false; error: string };

export class ViewMessageGate {
	#storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
	#now: () => number;
	#sent = new Map<string, number[]>();
	#asking = new Set<string>();
	#contextUpdates = new Map<string, number[]>();

	constructor(options: { storage?: Pick<Storage, 'getItem' | 'setItem'>; now?: () => number } = {}) {
		this.#storage = options.storage;
		this.#now = options.now ?? (() => Date.now());
	}

	/** Servers whose views may send messages without asking. */
	get alwaysAllowed(): string[] {
		try {
			const value = JSON.parse(this.#storage?.getItem(STORAGE_KEY) ?? '[]');
			return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
		} catch {
			return [];
		}
	}

	/** Stops allowing a server's views without asking. */
	revoke(server: string): void {
		this.#save(this.alwaysAllowed.filter((entry) => entry !== server));
	}

	#save(servers: string[]): void {
		try {
			this.#storage?.setItem(STORAGE_KEY, JSON.stringify(servers));
		} catch {
			// Not kept: the user is asked again next time.
		}
	}

	/**
	 * Decides on one message of a View: rate limits first, then the user's consent (asked
	 * through `ask` unless the server is always allowed). Resolves with the text to send,
	 * marked as coming from the View, or why it was refused (told to the View).
	 */
	async admit(
		request: { widgetId: string; server: string; text: string },
		ask: (text: string) => Promise<MessageChoice>
	): Promise<Verdict> {
		const { widgetId, server } = request;
		const text = request.text.slice(0, MAX_MESSAGE_CHARS);
		if (this.#asking.has(widgetId)) return { ok: false, error: 'the user has not answered the previous message yet' };
		const now = this.#now();
		const recent = (this.#sent.get(widgetId) ?? []).filter((at) => now - at < 60_000);
		if (recent.length && now - recent[recent.length - 1] < MIN_INTERVAL_MS)
			return { ok: false, error: `one message every ${MIN_INTERVAL_MS / 1000} seconds` };
		if (recent.length >= MAX_PER_MINUTE) return { ok: false, error: `at most ${MAX_PER_MINUTE} messages a minute` };
		if (!this.alwaysAllowed.includes(server)) {
			this.#asking.add(widgetId);
			let choice: MessageChoice;
			try {
				choice = await ask(text);
			} finally {
				this.#asking.delete(widgetId);
			}
			if (choice === 'deny') return { ok: false, error: 'the user declined to send this message' };
			if (choice === 'always') this.#save([...new Set([...this.alwaysAllowed, server])]);
		}
		this.#sent.set(widgetId, [...recent, this.#now()]);
		return { ok: true, text: `[Message from the view of "${server}"] ${text}` };
	}

	/**
	 * Sends a View's message to the chat when the gate admits it and the chat is free (checked
	 * before the user is asked and again after they answered).
	 */
	async send(
		request: { widgetId: string; server: string; text: string },
		ask: (text: string) => Promise<MessageChoice>,
		chat: { busy(): boolean; send(text: string): void }
	): Promise<{ ok: true } | { ok: false; error: string }> {
		const busy = { ok: false as const, error: 'the chat is answering; try again when it is done' };
		if (chat.busy()) return busy;
		const verdict = await this.admit(request, ask);
		if (!verdict.ok) return verdict;
		if (chat.busy()) return busy;
		chat.send(verdict.text);
		return { ok: true };
	}

	/** Keeps (or, without text, clears) a View's model context in `contexts`, within the bounds. */
	keepContext(
		contexts: Map<string, { server: string; text: string }>,
		widgetId: string,
		server: string,
		text: string | undefined
	): void {
		if (!text) {
			contexts.delete(widgetId);
			return;
		}
		if (!this.admitContext(widgetId, new Set(contexts.keys()))) return;
		contexts.set(widgetId, { server, text: text.slice(0, MAX_CONTEXT_CHARS) });
	}

	/** Whether a View may update its model context now (bounded rate); records the update. */
	admitContext(widgetId: string, views: ReadonlySet<string>): boolean {
		if (!views.has(widgetId) && views.size >= MAX_CONTEXT_VIEWS) return false;
		const now = this.#now();
		const recent = (this.#contextUpdates.get(widgetId) ?? []).filter((at) => now - at < 60_000);
		if (recent.length >= MAX_CONTEXT_UPDATES_PER_MINUTE) return false;
		this.#contextUpdates.set(widgetId, [...recent, now]);
		return true;
	}

	/** A View went away. */
	forget(widgetId: string): void {
		this.#sent.delete(widgetId);
		this.#contextUpdates.delete(widgetId);
	}
}
