/**
 * The notices shown above the canvas (restore problems, import reports, choices): a short
 * stack that expires information and warnings on its own.
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

	/** Adds a notice; returns its id. Information and warnings without actions expire (NOTICE_TTL_MS). */
	notify(kind: CanvasNotice['kind'], message: string, actions?: readonly NoticeAction[]): number {
		const id = ++this.#count;
		this.#list = [...this.#list, { id, kind, message, ...(actions?.length ? { actions } : {}) }].slice(-5);
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
