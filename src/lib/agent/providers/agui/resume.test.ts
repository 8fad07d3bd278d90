import { describe, expect, it } from 'vitest';
import { resumePayload } from './agui-provider';

describe('resuming an interrupted AG-UI run', () => {
	it("sends the interrupt card's buttons as approved true or false, and any other answer as text", () => {
		expect(resumePayload('Approve')).toEqual({ answer: 'Approve', approved: true });
		expect(resumePayload(' reject ')).toEqual({ answer: ' reject ', approved: false });
		expect(resumePayload('Only the two oldest')).toEqual({ answer: 'Only the two oldest' });
	});
});
