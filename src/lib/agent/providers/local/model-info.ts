/**
 * What the app knows about a GGUF file before and after it is loaded: the header check that
 * tells a GGUF file from anything else (and a cut-off one) before any memory is spent, the
 * size check against this device's memory, the facts shown in the settings (name,
 * architecture, size, context length, chat template), and the clear messages for files
 * that cannot be run.
 */

/** Facts about the loaded model, shown in the settings and used to size requests. */
export interface LocalModelInfo {
	/** The cache key and the name the settings keep (the file's name). */
	name: string;
	/** `general.name` from the file, when it has one. */
	title: string;
	architecture: string;
	sizeBytes: number;
	/** The context the model runs with, in tokens. */
	contextTokens: number;
	/** The context it was trained for. */
	trainedContextTokens: number;
	vocabularySize: number;
	layers: number;
	/** The chat template's family (ChatML, Llama 3…), or null when the file has none. */
	chatTemplate: string | null;
	/** True when the file has no template and ChatML is used. */
	templateFallback: boolean;
	/** True when the file's chat template has tool calls (absent: not known). */
	toolTemplate?: boolean;
	threads: number;
}

/** Why a file cannot be run; each has its own message. */
export type LocalModelProblem =
	'not_gguf' | 'corrupt' | 'too_big' | 'unsupported_architecture' | 'download' | 'no_model' | 'load';

/** The first fields of a GGUF header. */
export interface GgufHeader {
	version: number;
	tensorCount: number;
	metadata: Record<string, string | number | boolean>;
	/** False when the bytes read ended before every metadata entry was read. */
	complete: boolean;
	/**
	 * Where the weights must end at least: the data section's start plus the largest tensor
	 * offset (null when the tensor list was not within the bytes read). A file shorter than
	 * this was cut off.
	 */
	minimumSize: number | null;
}

const GGUF_MAGIC = 0x46554747;
const scalarSizes: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

class OutOfBytes extends Error {}

/**
 * Reads the header of a GGUF file from its first bytes. Returns null when the bytes are not
 * GGUF at all; metadata values that are arrays are skipped (only their size is read).
 */
export function readGgufHeader(bytes: ArrayBuffer): GgufHeader | null {
	const view = new DataView(bytes);
	if (view.byteLength < 8 || view.getUint32(0, true) !== GGUF_MAGIC) return null;
	const version = view.getUint32(4, true);
	const header: GgufHeader = { version, tensorCount: 0, metadata: {}, complete: false, minimumSize: null };
	let offset = 8;
	const need = (count: number) => {
		if (offset + count > view.byteLength) throw new OutOfBytes();
	};
	const u64 = () => {
		need(8);
		const value = Number(view.getBigUint64(offset, true));
		offset += 8;
		return value;
	};
	const string = () => {
		const length = u64();
		need(length);
		const text = new TextDecoder().decode(new Uint8Array(bytes, offset, length));
		offset += length;
		return text;
	};
	const scalar = (type: number): number | boolean => {
		const size = scalarSizes[type];
		if (size === undefined) throw new Error(`unknown metadata type ${type}`);
		need(size);
		const at = offset;
		offset += size;
		switch (type) {
			case 0:
				return view.getUint8(at);
			case 1:
				return view.getInt8(at);
			case 2:
				return view.getUint16(at, true);
			case 3:
				return view.getInt16(at, true);
			case 4:
				return view.getUint32(at, true);
			case 5:
				return view.getInt32(at, true);
			case 6:
				return view.getFloat32(at, true);
			case 7:
				return view.getUint8(at) !== 0;
			case 10:
				return Number(view.getBigUint64(at, true));
			case 11:
				return Number(view.getBigInt64(at, true));
			default:
				return view.getFloat64(at, true);
		}
	};
	try {
		header.tensorCount = u64();
		const entries = u64();
		for (let entry = 0; entry < entries; entry++) {
			const key = string();
			need(4);
			const type = view.getUint32(offset, true);
			offset += 4;
			if (type === 8) header.metadata[key] = string();
			else if (type === 9) {
				need(4);
				const itemType = view.getUint32(offset, true);
				offset += 4;
				const count = u64();
				if (itemType === 8) for (let item = 0; item < count; item++) string();
				else {
					const size = scalarSizes[itemType];
					if (size === undefined) throw new Error(`unknown array type ${itemType}`);
					need(size * count);
					offset += size * count;
				}
			} else header.metadata[key] = scalar(type);
		}
		header.complete = true;
		let lastOffset = 0;
		for (let tensor = 0; tensor < header.tensorCount; tensor++) {
			string();
			need(4);
			const dimensions = view.getUint32(offset, true);
			offset += 4 + 8 * dimensions + 4;
			lastOffset = Math.max(lastOffset, u64());
		}
		const alignment = Number(header.metadata['general.alignment']) || 32;
		header.minimumSize = Math.ceil(offset / alignment) * alignment + lastOffset + 1;
	} catch (error) {
		if (!(error instanceof OutOfBytes)) throw error;
	}
	return header;
}

/** A readable size: 1.2 MB, 4.1 GB. */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	const units = ['KB', 'MB', 'GB', 'TB'];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * The largest model file this device is likely to run: half its memory when the browser
 * tells it (`navigator.deviceMemory`, in GB, capped at 8 by browsers), else 4 GB; never above
 * 16 GB (the WebAssembly heap's limit here).
 */
export function memoryLimitBytes(deviceMemoryGb: number | undefined): number {
	const gb = 1024 ** 3;
	const limit = deviceMemoryGb && deviceMemoryGb > 0 ? (deviceMemoryGb * gb) / 2 : 4 * gb;
	return Math.min(limit, 16 * gb);
}

/** The family of a jinja chat template, for the settings. */
export function templateFamily(template: string | null): string | null {
	if (!template) return null;
	if (template.includes('<|im_start|>')) return 'ChatML';
	if (template.includes('<|start_header_id|>')) return 'Llama 3';
	if (template.includes('<start_of_turn>')) return 'Gemma';
	if (template.includes('<|user|>') || template.includes('<|assistant|>')) return 'Phi / Zephyr';
	if (template.includes('[INST]')) return 'Mistral / Llama 2';
	if (template.includes('<|User|>')) return 'DeepSeek';
	return 'custom';
}

/** The message for a file that cannot be run, written for the person choosing it. */
export function problemMessage(
	problem: LocalModelProblem,
	detail: { name?: string; architecture?: string; size?: number; limit?: number; reason?: string } = {}
): string {
	const name = detail.name ? `"${detail.name}"` : 'the file';
	switch (problem) {
		case 'not_gguf':
			return `${name} is not a GGUF model file (it does not start with the GGUF signature) — choose a .gguf file`;
		case 'corrupt':
			return `${name} is a damaged or incomplete GGUF file${detail.reason ? ` (${detail.reason})` : ''} — download it again`;
		case 'too_big':
			return `${name} (${formatBytes(detail.size ?? 0)}) is too big for this browser's memory${detail.limit ? ` (about ${formatBytes(detail.limit)} can be used here)` : ''} — choose a smaller or more quantised model (Q4, under 2 GB)`;
		case 'unsupported_architecture':
			return `${name} uses the "${detail.architecture ?? 'unknown'}" architecture, which the in-browser runtime (llama.cpp) does not support — choose a model of a supported architecture (Llama, Qwen, Gemma, Phi, SmolLM…)`;
		case 'download':
			return `could not download the model${detail.reason ? `: ${detail.reason}` : ''} — check the URL, and that its server allows requests from this page (CORS)`;
		case 'no_model':
			return 'no model is loaded in this browser — choose a GGUF file in Settings';
		default:
			return `could not load ${name}${detail.reason ? `: ${detail.reason}` : ''}`;
	}
}

/** Reads what went wrong from the runtime's message when a load fails. */
export function classifyLoadFailure(message: string): LocalModelProblem {
	if (/unknown (?:model )?architecture|unsupported (?:model )?arch/i.test(message)) return 'unsupported_architecture';
	if (
		/out of memory|cannot allocate|allocation failed|failed to allocate|RangeError|memory access out of bounds|Array buffer allocation/i.test(
			message
		)
	)
		return 'too_big';
	if (
		/not within the file bounds|failed to read|invalid magic|corrupt|unexpectedly reached end|tensor data|gguf_init|failed to load model/i.test(
			message
		)
	)
		return 'corrupt';
	return 'load';
}
