import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
	classifyLoadFailure,
	formatBytes,
	memoryLimitBytes,
	problemMessage,
	readGgufHeader,
	templateFamily
} from './model-info';

const bytes = readFileSync(join(process.cwd(), 'tests', 'fixtures', 'models', 'stories260K.gguf'));
const buffer = (data: Uint8Array) =>
	data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;

describe('readGgufHeader', () => {
	it('reads the real model file: version, architecture, context, tensors and where the weights end', () => {
		const header = readGgufHeader(buffer(bytes))!;
		expect(header.version).toBe(3);
		expect(header.complete).toBe(true);
		expect(header.metadata['general.architecture']).toBe('llama');
		expect(header.metadata['llama.context_length']).toBe(2048);
		expect(header.metadata['llama.block_count']).toBe(5);
		expect(header.tensorCount).toBeGreaterThan(10);
		expect(header.minimumSize).toBeGreaterThan(bytes.length * 0.9);
		expect(header.minimumSize).toBeLessThanOrEqual(bytes.length);
	});

	it('tells a file cut inside its weights, one cut inside its header, and a file that is not GGUF', () => {
		const cut = readGgufHeader(buffer(bytes.subarray(0, 600_000)))!;
		expect(cut.complete).toBe(true);
		expect(cut.minimumSize).toBeGreaterThan(600_000);
		expect(readGgufHeader(buffer(bytes.subarray(0, 200)))!.complete).toBe(false);
		expect(readGgufHeader(buffer(new TextEncoder().encode('{"not": "a model"}')))).toBeNull();
	});
});

describe('messages and limits', () => {
	it('says what is wrong with each kind of file', () => {
		expect(problemMessage('not_gguf', { name: 'a.txt' })).toBe(
			'"a.txt" is not a GGUF model file (it does not start with the GGUF signature) — choose a .gguf file'
		);
		expect(problemMessage('too_big', { name: 'm.gguf', size: 5 * 1024 ** 3, limit: 4 * 1024 ** 3 })).toContain(
			'"m.gguf" (5.0 GB) is too big for this browser\'s memory (about 4.0 GB can be used here)'
		);
		expect(problemMessage('unsupported_architecture', { name: 'm.gguf', architecture: 'zzzzz' })).toContain(
			'"zzzzz" architecture'
		);
		expect(classifyLoadFailure("llama_model_load: error loading model: unknown model architecture: 'zzzzz'")).toBe(
			'unsupported_architecture'
		);
		expect(classifyLoadFailure('RangeError: Array buffer allocation failed')).toBe('too_big');
		expect(classifyLoadFailure('tensor data is not within the file bounds')).toBe('corrupt');
	});

	it('sizes memory from the device, formats bytes and names template families', () => {
		expect(memoryLimitBytes(8)).toBe(4 * 1024 ** 3);
		expect(memoryLimitBytes(undefined)).toBe(4 * 1024 ** 3);
		expect(memoryLimitBytes(0.001)).toBeLessThan(bytes.length);
		expect(formatBytes(bytes.length)).toBe('1.1 MB');
		expect(templateFamily('{% for m in messages %}<|im_start|>{{ m.role }}')).toBe('ChatML');
		expect(templateFamily('<|start_header_id|>user<|end_header_id|>')).toBe('Llama 3');
		expect(templateFamily(null)).toBeNull();
	});
});
