/**
 * How many characters one of the model's tokens holds, learnt as requests go: the engine
 * reports the real prompt size of every request (and of a request it refused as too long),
 * so the compact prompt (fit-prompt.ts) is sized in the model's own tokens after the first
 * request, whatever its vocabulary. Before that, the estimate errs on the small side.
 */

/** A first guess from the vocabulary size: small vocabularies spell words in pieces. */
export function initialCharsPerToken(vocabularySize: number | undefined): number {
	if (!vocabularySize || vocabularySize <= 0) return 2.5;
	if (vocabularySize <= 1_000) return 1.4;
	if (vocabularySize <= 8_000) return 2.2;
	return 3;
}

/** Tokens kept for the reply: a fifth of the context, at least 96, at most `requested` (default 2,048). */
export function replyTokens(contextTokens: number, requested?: number): number {
	return Math.max(32, Math.min(requested ?? 2048, Math.max(96, Math.floor(contextTokens / 5))));
}

/** The model's characters per token, measured. */
export class TokenMeter {
	#charsPerToken: number;
	#measured = false;

	constructor(initial: number) {
		this.#charsPerToken = initial;
	}

	get charsPerToken(): number {
		return this.#charsPerToken;
	}

	/** True once a real request has been measured. */
	get measured(): boolean {
		return this.#measured;
	}

	/**
	 * Learns from a request of `chars` characters that took `tokens` prompt tokens (template
	 * included, so the figure is on the safe side). The first measure replaces the guess;
	 * later ones move it a little, never above what was seen, so one unusual request does not
	 * make the next one overflow.
	 */
	observe(chars: number, tokens: number): void {
		if (!(chars > 0 && tokens > 0)) return;
		const ratio = Math.max(0.5, chars / tokens);
		this.#charsPerToken = this.#measured ? Math.min(ratio, 0.7 * this.#charsPerToken + 0.3 * ratio) : ratio;
		this.#measured = true;
	}
}
