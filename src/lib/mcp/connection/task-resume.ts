/**
 * What a page keeps of its running tasks so a reload can pick them up: per task id, the
 * server's URL, the Streamable HTTP session the task runs in (a 2025-11-25 server keeps a
 * task in the session that started it) and the protocol revision. Kept in sessionStorage:
 * this tab only, gone with it; the session id stays here (events and traces carry the task
 * id only). Framework-free; a storage that fails is treated as empty.
 */
const storageKey = 'autoui.mcp.tasks.v1';
/** At most this many tasks are remembered, the newest; older than a day are dropped. */
const limits = { entries: 50, ageMs: 86_400_000 } as const;

/** One running task as remembered. */
export interface TaskResumeRecord {
	taskId: string;
	url: string;
	sessionId?: string;
	protocolVersion?: string;
	at: number;
}

function isRecord(value: unknown): value is TaskResumeRecord {
	const record = value as Partial<TaskResumeRecord> | null;
	return (
		typeof record === 'object' &&
		record !== null &&
		typeof record.taskId === 'string' &&
		typeof record.url === 'string' &&
		typeof record.at === 'number'
	);
}

/** The remembered running tasks of this tab. */
export class TaskResumeStore {
	#storage: Pick<Storage, 'getItem' | 'setItem'> | null;

	constructor(storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.sessionStorage ?? null) {
		this.#storage = storage;
	}

	/** The record of `taskId` started against `url`, if remembered. */
	get(taskId: string, url: string): TaskResumeRecord | undefined {
		return this.#read().find((record) => record.taskId === taskId && record.url === url);
	}

	/** Remembers (or refreshes) a running task. */
	save(record: TaskResumeRecord): void {
		const others = this.#read().filter((entry) => !(entry.taskId === record.taskId && entry.url === record.url));
		this.#write([...others, record].slice(-limits.entries));
	}

	/** Forgets a task that ended. */
	remove(taskId: string, url: string): void {
		const records = this.#read();
		const kept = records.filter((entry) => !(entry.taskId === taskId && entry.url === url));
		if (kept.length !== records.length) this.#write(kept);
	}

	#read(): TaskResumeRecord[] {
		try {
			const parsed: unknown = JSON.parse(this.#storage?.getItem(storageKey) ?? '[]');
			const now = Date.now();
			return Array.isArray(parsed) ? parsed.filter((entry) => isRecord(entry) && now - entry.at < limits.ageMs) : [];
		} catch {
			return [];
		}
	}

	#write(records: TaskResumeRecord[]): void {
		try {
			this.#storage?.setItem(storageKey, JSON.stringify(records));
		} catch {
			// Full or unavailable storage: the task simply cannot be resumed after a reload.
		}
	}
}
