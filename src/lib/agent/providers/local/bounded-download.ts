/**
 * Reading a model file from a URL without ever holding more than the memory limit: a declared
 * length over the limit is refused before the body is read (a URL declaring 100 GB was read
 * into memory first), and a body that goes on past the limit (no length, or a false one) is
 * cancelled at the limit. Framework-free (Response and streams only), so it is tested in Node.
 */

/** Why a download stopped at the size limit. */
export class DownloadTooBig extends Error {
	override readonly name = 'DownloadTooBig';
	constructor(
		/** The declared length, or the bytes received when the body passed the limit. */
		readonly size: number,
		readonly limit: number,
		readonly declared: boolean
	) {
		super(
			declared
				? `the server declares ${size} bytes, more than the ${limit} this browser can hold`
				: `the download passed ${limit} bytes, more than this browser can hold`
		);
	}
}

/**
 * Reads `response`'s body into a Blob of at most `limit` bytes; throws {@link DownloadTooBig}
 * at once for a declared length over the limit, or as soon as the body passes it (the body is
 * cancelled either way). `progress` gets the bytes received and the expected total.
 */
export async function readBounded(
	response: Response,
	limit: number,
	progress: (received: number, total: number) => void = () => {}
): Promise<Blob> {
	const declared = Number(response.headers.get('content-length')) || 0;
	if (!response.body) return new Blob([]);
	if (declared > limit) {
		await response.body.cancel().catch(() => {});
		throw new DownloadTooBig(declared, limit, true);
	}
	const chunks: Uint8Array[] = [];
	let received = 0;
	const reader = response.body.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		received += value.byteLength;
		if (received > limit) {
			await reader.cancel().catch(() => {});
			throw new DownloadTooBig(received, limit, false);
		}
		chunks.push(value);
		progress(received, Math.max(declared, received));
	}
	return new Blob(chunks as BlobPart[]);
}
