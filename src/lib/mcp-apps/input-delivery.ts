/**
 * The order of one View's input notifications: `tool-input-partial` while the model streams
 * the arguments, then `tool-input` once, and only then the result. Before the View is
 * initialized, partial arguments are coalesced to the latest one (sent on `ready()` unless
 * the whole input arrived first, which supersedes them).
 */

type Args = Record<string, unknown>;

/** Where the notifications go (the View's bridge). */
export interface InputSender {
	partial(args: Args): void;
	input(args: Args): void;
}

/** Delivers one View's input in order. */
export class InputDelivery {
	#send: InputSender;
	#ready = false;
	#latest: Args | undefined;
	#final: Args | undefined;
	#inputSent = false;

	constructor(send: InputSender) {
		this.#send = send;
	}

	/** True once `tool-input` went out (a result may follow). */
	get inputSent(): boolean {
		return this.#inputSent;
	}

	/** The arguments so far, while they stream; ignored once the whole input is known. */
	partial(args: Args): void {
		if (this.#final) return;
		this.#latest = args;
		if (this.#ready) this.#send.partial(args);
	}

	/** The whole input (sent once). */
	final(args: Args): void {
		if (this.#final) return;
		this.#final = args;
		this.#latest = undefined;
		this.#flushFinal();
	}

	/** The View is initialized: sends what is known, latest first. */
	ready(): void {
		if (this.#ready) return;
		this.#ready = true;
		if (this.#final) this.#flushFinal();
		else if (this.#latest) this.#send.partial(this.#latest);
	}

	#flushFinal(): void {
		if (!this.#ready || this.#inputSent || !this.#final) return;
		this.#inputSent = true;
		this.#send.input(this.#final);
	}
}
