/**
 * The chat's word on the model in this browser: while the `local` provider is chosen, it
 * follows the page's model engine (loaded only then) and holds the "chat only" note of a
 * model that cannot call tools, so the chat says so the moment such a model loads.
 * Constructed during a component's initialisation (it owns an effect).
 */
import { errorMessage } from '$lib/shared';

export class LocalModelNote {
	#note = $state<string | undefined>();

	/** `active`: true while the local provider is the chosen one. */
	constructor(active: () => boolean) {
		$effect(() => {
			if (!active()) {
				this.#note = undefined;
				return;
			}
			let stop: (() => void) | undefined;
			let closed = false;
			import('$lib/agent/providers/local')
				.then(({ localModelEngine, assessModel }) => {
					if (closed) return;
					const engine = localModelEngine();
					const sync = () => {
						const state = engine.state;
						this.#note = state.phase === 'ready' ? assessModel(state.info).note : undefined;
					};
					sync();
					stop = engine.subscribe(sync);
				})
				.catch((error: unknown) => {
					this.#note = `The model in this browser could not be checked (${errorMessage(error)}).`;
				});
			return () => {
				closed = true;
				stop?.();
			};
		});
	}

	/** The note to show, or undefined when the model can call tools (or none is loaded). */
	get current(): string | undefined {
		return this.#note;
	}
}
