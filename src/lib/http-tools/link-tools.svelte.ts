/**
 * Tool documents named by a link (`?tools=<url>`) are never added without the user's consent:
 * their tools' descriptions and results reach the model, and their calls go to the API they
 * name. The offer holds the URLs until the user chooses "add for this visit" or "don't add".
 * Accepted documents are added for the visit only, with no secret: the user fills secrets in
 * the panel, and a link can never carry one.
 */
import { errorMessage } from '$lib/shared';
import type { HttpToolList } from './http-tool-list.svelte';

/** Holds a link's tool documents until the user decides. */
export class LinkToolsOffer {
	#list: HttpToolList;
	#pending = $state.raw<readonly string[] | null>(null);
	#errors = $state.raw<readonly string[]>([]);
	#busy = $state(false);

	constructor(list: HttpToolList) {
		this.#list = list;
	}

	/** The document URLs waiting for a decision, or null. */
	get pending(): readonly string[] | null {
		return this.#pending;
	}

	/** Why documents could not be added (shown in the prompt). */
	get errors(): readonly string[] {
		return this.#errors;
	}

	/** True while accepted documents are being read. */
	get busy(): boolean {
		return this.#busy;
	}

	/** Offers the comma-separated URLs of a `tools` parameter. Returns the errors of bad URLs. */
	offer(value: string | null | undefined): string[] {
		const errors: string[] = [];
		const urls = new Set(this.#pending ?? []);
		const known = new Set(this.#list.sets.map((entry) => entry.config.source));
		for (const part of (value ?? '')
			.split(',')
			.map((text) => text.trim())
			.filter(Boolean)) {
			try {
				const url = new URL(part);
				if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${part}" is not an http(s) URL.`);
				if (url.username || url.password) throw new Error('A tools link must not carry credentials.');
				if (!known.has(url.href)) urls.add(url.href);
			} catch (error) {
				errors.push(errorMessage(error));
			}
		}
		if (urls.size) this.#pending = [...urls];
		return errors;
	}

	/** Adds the offered documents for this visit; errors stay listed in the prompt. */
	async accept(): Promise<void> {
		const urls = this.#pending ?? [];
		this.#busy = true;
		const errors: string[] = [];
		for (const url of urls) {
			try {
				await this.#list.add({ url }, true);
			} catch (error) {
				errors.push(`${url}: ${errorMessage(error)}`);
			}
		}
		this.#busy = false;
		this.#errors = errors;
		this.#pending = errors.length ? urls.filter((url) => errors.some((error) => error.startsWith(url))) : null;
	}

	/** Adds nothing. */
	dismiss(): void {
		this.#pending = null;
		this.#errors = [];
	}
}
