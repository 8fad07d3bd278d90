import { describe, expect, it } from 'vitest';
import { SAMPLING_MAX_TOKENS, samplingText, samplingTokenCap } from './sampling';

describe('what a sampling card shows', () => {
	it('says the token cap really applied, not only what the server asked for', () => {
		expect(samplingTokenCap(100)).toBe(100);
		expect(samplingTokenCap(1_000_000)).toBe(SAMPLING_MAX_TOKENS);
	});

	it('names hidden (non-text) content with its size', () => {
		const image = { type: 'image', mimeType: 'image/png', data: 'A'.repeat((4 * 3 * 1024 * 1024) / 6) };
		expect(samplingText([{ type: 'text', text: 'Describe this' }, image])).toBe(
			'Describe this\n[image, 1.5 MB not sent]'
		);
		expect(samplingText({ type: 'audio' })).toBe('[audio, not sent]');
	});
});
