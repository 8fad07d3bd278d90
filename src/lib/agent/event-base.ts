/** The fields every agent event has (`events.ts`, `server-events.ts`). */
export interface EventBase {
	/** Epoch milliseconds when the event happened. */
	at: number;
	/** The user turn this event belongs to. */
	turnId: string;
}
