import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '$lib/agent';
import { deriveTranscript } from './transcript';

const base = { at: 1, turnId: 't1', iteration: 1 };
const agui = (name: string, data?: unknown): AgentEvent => ({
	...base,
	type: 'agui',
	name,
	detail: '',
	...(data === undefined ? {} : { data })
});

describe('transcript of an AG-UI run', () => {
	it("folds reasoning into one item and shows the agent's own tool as a chip with its result", () => {
		const items = deriveTranscript([
			{ at: 0, turnId: 't1', type: 'turn-start', text: 'Hi' },
			agui('REASONING_MESSAGE_CONTENT', { text: 'Think ' }),
			agui('REASONING_MESSAGE_CONTENT', { text: 'more.' }),
			agui('TOOL_CALL_START', { toolCallId: 'b1', toolName: 'search', frontend: false }),
			agui('TOOL_CALL_START', { toolCallId: 'f1', toolName: 'autoui_webmcp_widget_display', frontend: true }),
			agui('TOOL_CALL_RESULT', { toolCallId: 'b1', content: '3 hits' })
		]);
		expect(items.filter((item) => item.kind === 'reasoning')).toMatchObject([{ text: 'Think more.' }]);
		expect(items.filter((item) => item.kind === 'tool')).toMatchObject([
			{ callId: 'b1', server: 'agent', tool: 'search', status: 'done', result: '3 hits' }
		]);
	});

	it('shows an interrupt as a card until the next message answers it', () => {
		const items = deriveTranscript([
			{ at: 0, turnId: 't1', type: 'turn-start', text: 'Clean up' },
			agui('RUN_FINISHED', {
				interrupts: [
					{ id: 'i1', message: 'Delete 3 files?' },
					{ id: 'i2', reason: 'approval' }
				]
			})
		]);
		expect(items.filter((item) => item.kind === 'interrupt')).toMatchObject([
			{ questions: ['Delete 3 files?', 'approval'] }
		]);
		expect(items.find((item) => item.kind === 'interrupt')).not.toHaveProperty('answer');
		const answered = deriveTranscript([
			{ at: 0, turnId: 't1', type: 'turn-start', text: 'Clean up' },
			agui('RUN_FINISHED', { interrupts: [{ id: 'i1', message: 'Delete 3 files?' }] }),
			{ at: 2, turnId: 't2', type: 'turn-start', text: 'Approve' }
		]);
		expect(answered.find((item) => item.kind === 'interrupt')).toMatchObject({ answer: 'Approve' });
		expect(deriveTranscript([agui('RUN_FINISHED', {})]).some((item) => item.kind === 'interrupt')).toBe(false);
	});
});
