/**
 * The notices shown above the canvas (restore problems, import reports, choices): a short
 * stack that expires information and warnings on its own. A newer notice about the same
 * subject replaces the older ones, so a stale error never stays above a later success, and
 * one informational slot: a newer notice replaces an older informational one ("Cleared 3."
 * with its Undo goes when "Imported 4 widgets." comes) unless that one asks a question.
 */
import { errorMessage } from '$lib/shared';

/** A button on a notice (e.g. the choices offered when a share link opens). */
export interface NoticeAction {
	/** Stable id, used as the button's `data-testid`. */
	id: string;
	label: string;
	run: () => void | Promise<void>;
}

/** A message shown above the canvas (restore problems, import reports, choices). */
export interface CanvasNotice {
	id: number;
	kind: 'info' | 'warning' | 'error';
	message: string;
	actions?: readonly NoticeAction[];
	/** What the notice is about (see {@link NoticeOptions.subject}). */
	subject: string;
	/** A question awaiting an answer (see {@link NoticeOptions.choice}). */
	choice?: boolean;
}

/** Options of a notice. */
export interface NoticeOptions {
	/**
	 * What the notice is about ("picture", "share", "shared-canvas"…): a newer notice about
	 * the same subject replaces the older ones. Default: the message itself, so a repeated
	 * notice shows once.
	 */
	subject?: string;
	/**
	 * The notice asks a question (open a shared canvas? allow live data?): no other notice
	 * replaces it, only an answer or a dismissal.
	 */
	choice?: boolean;
}

/** How long notices without actions stay, by kind; errors stay until dismissed. */
export const NOTICE_TTL_MS: Readonly<Record<CanvasNotice['kind'], number | undefined>> = {
	info: 8_000,
	warning: 12_000,
	error: undefined
};

/** The stack of notices (the newest five). */
export class NoticeList {
	#list = $state.raw<readonly CanvasNotice[]>([]);
	#count = 0;

	get list(): readonly CanvasNotice[] {
		return this.#list;
	}

	/**
	 * Adds a notice, replacing those about the same subject; returns its id. Information and
	 * warnings without actions expire (NOTICE_TTL_MS).
	 */
	notify(
		kind: CanvasNotice['kind'],
		message: string,
		actions?: readonly NoticeAction[],
		options: NoticeOptions = {}
	): number {
		const id = ++this.#count;
		const subject = options.subject ?? message;
		const notice: CanvasNotice = {
			id,
			kind,
			message,
			...(actions?.length ? { actions } : {}),
			subject,
			...(options.choice ? { choice: true } : {})
		};
		const stays = (old: CanvasNotice) => old.subject !== subject && (old.kind !== 'info' || old.choice === true);
		this.#list = [...this.#list.filter(stays), notice].slice(-5);
		const ttl = actions?.length ? undefined : NOTICE_TTL_MS[kind];
		if (ttl) setTimeout(() => this.dismiss(id), ttl);
		return id;
	}

	dismiss(id: number): void {
		this.#list = this.#list.filter((notice) => notice.id !== id);
	}
}

/**
 * Runs a change and turns an error it throws (a store verb given an unknown id, say) into an
 * error notice, so a user gesture never fails silently.
 */
export function reportingTo(notify: (kind: 'error', message: string) => unknown): (action: () => void) => void {
	return (action) => {
		try {
			action();
		} catch (error) {
			notify('error', errorMessage(error));
		}
	};
}
