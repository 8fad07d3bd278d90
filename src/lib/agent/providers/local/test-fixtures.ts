/** Fixtures for the local model's tests. */
import type { LocalModelInfo } from './model-info';

/** A small llama model file named `name` with a 2,048-token context, run on one thread. */
export function testModelInfo(name: string, sizeBytes: number): LocalModelInfo {
	return {
		name,
		title: name.replace(/\.gguf$/, ''),
		architecture: 'llama',
		sizeBytes,
		contextTokens: 2048,
		trainedContextTokens: 2048,
		vocabularySize: 512,
		layers: 5,
		chatTemplate: 'ChatML',
		templateFallback: true,
		threads: 1
	};
}
