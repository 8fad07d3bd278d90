/**
 * `$ref` resolution for imported documents, by @apidevtools/json-schema-ref-parser: internal
 * references only (a document never makes the browser fetch other files), circular ones left
 * as `$ref`s.
 *
 * The parser checks `Buffer.isBuffer` on values even when it is given an in-memory document,
 * and browsers have no `Buffer`. While it runs (only microtasks: no I/O happens with external
 * references off), a stand-in whose `isBuffer` is always false — true in a browser, where no
 * Buffer can exist — is installed and then removed, so no other code sees a partial `Buffer`.
 */
type Json = Record<string, unknown>;

/** Resolves the internal `$ref`s of `document` (a copy is resolved; the input is not changed). */
export async function dereferenceDocument(document: Json): Promise<Json> {
	const { dereference } = await import('@apidevtools/json-schema-ref-parser');
	const scope = globalThis as { Buffer?: unknown };
	const standIn = scope.Buffer === undefined;
	if (standIn) scope.Buffer = { isBuffer: () => false };
	try {
		return (await dereference(structuredClone(document) as never, {
			resolve: { external: false },
			dereference: { circular: 'ignore' }
		})) as unknown as Json;
	} finally {
		if (standIn) delete scope.Buffer;
	}
}
