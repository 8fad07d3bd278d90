/** Reading a byte stream whole, up to a limit: a link or a file larger than it stops at once. */

/** The stream's bytes; past `limit` bytes it is cancelled and `tooLarge()` is thrown. */
export async function readBounded(
	stream: ReadableStream<Uint8Array>,
	limit: number,
	tooLarge: () => Error
): Promise<Uint8Array> {
	const reader = stream.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.length;
		if (total > limit) {
			await reader.cancel();
			throw tooLarge();
		}
		chunks.push(value);
	}
	const out = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		out.set(chunk, offset);
		offset += chunk.length;
	}
	return out;
}
