import { describe, expect, it } from 'vitest';
import { assessModel, templateKnowsTools } from './model-capability';

const MB = 1024 * 1024;

describe('what a loaded model can do', () => {
	it('a 1.1 MB story model with no chat template is chat only, and says why', () => {
		const capability = assessModel({ sizeBytes: 1.1 * MB, templateFallback: true });
		expect(capability.tools).toBe(false);
		expect(capability.note).toMatch(/^Chat only: this model cannot call tools \(at 1\.1 MB it is too small/);
		expect(capability.note).toContain('the file has no chat template');
		expect(capability.note).toContain('Which models work well');
	});

	it('an instruction model whose template has tool calls can call tools', () => {
		expect(assessModel({ sizeBytes: 986 * MB, templateFallback: false, toolTemplate: true })).toEqual({
			tools: true,
			reasons: []
		});
	});

	it('a big model whose template knows no tools is chat only', () => {
		const capability = assessModel({ sizeBytes: 1700 * MB, templateFallback: false, toolTemplate: false });
		expect(capability.tools).toBe(false);
		expect(capability.reasons).toEqual(['its chat template has no tool calls, so it was not trained to use tools']);
	});

	it('reads tool support from chat templates', () => {
		expect(templateKnowsTools('{% if tools %}<tool_call>{% endif %}<|im_start|>')).toBe(true);
		expect(templateKnowsTools('<|im_start|>{{ message.content }}<|im_end|>')).toBe(false);
		expect(templateKnowsTools(null)).toBe(false);
	});
});
