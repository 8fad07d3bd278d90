/**
 * What a loaded GGUF model can honestly do here. The tool-call envelope makes any model write
 * calls that parse, but a model that is tiny, has no chat template or was never trained on
 * tools writes calls that make no sense (a 1 MB story model made 6 failed calls when asked to
 * draw). Such a model is "chat only": the settings and the chat say so on load, and Test
 * connection says what it tested.
 */
import type { LocalModelInfo } from './model-info';

/** What the app tells the user about a loaded model. */
export interface ModelCapability {
	/** False when the model should not be trusted with tool calls. */
	tools: boolean;
	/** Why not, in the words shown on load ("chat only: this model cannot call tools (…)"). */
	note?: string;
	/** The reasons, short, for tests and the console. */
	reasons: readonly string[];
}

/** Below this a model does not follow instructions (the smallest usable ones are ~0.4 GB). */
const smallestUsableBytes = 200 * 1024 * 1024;

/** True when a chat template mentions tools (the model was trained to call them). */
export function templateKnowsTools(template: string | null | undefined): boolean {
	return !!template && /\btools?\b|tool_call|<tool_call>|function[_ ]call/i.test(template);
}

function size(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Assesses a loaded model from the facts its file gave. */
export function assessModel(
	info: Pick<LocalModelInfo, 'sizeBytes' | 'templateFallback' | 'toolTemplate'>
): ModelCapability {
	const reasons: string[] = [];
	if (info.sizeBytes < smallestUsableBytes)
		reasons.push(`at ${size(info.sizeBytes)} it is too small to follow instructions`);
	if (info.templateFallback) reasons.push('the file has no chat template');
	else if (info.toolTemplate === false)
		reasons.push('its chat template has no tool calls, so it was not trained to use tools');
	if (!reasons.length) return { tools: true, reasons };
	return {
		tools: false,
		reasons,
		note: `Chat only: this model cannot call tools (${reasons.join('; ')}). It can answer in text, but it will not fetch data or draw widgets — for that, load an instruction-tuned model of 0.5 B parameters or more (see "Which models work well" in the README).`
	};
}
