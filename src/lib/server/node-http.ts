/**
 * Node's HTTP server speaking web `Request`/`Response`, for the servers that run outside
 * SvelteKit (the standalone datasets server) and for tests that serve a route handler on a
 * loopback port the way the SvelteKit route does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Node request as a web `Request` (the body is buffered; MCP messages are small). */
export async function toWebRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
	const headers = new Headers();
	for (const [name, value] of Object.entries(incoming.headers)) {
		if (value === undefined) continue;
		headers.set(name, Array.isArray(value) ? value.join(', ') : value);
	}
	const method = incoming.method ?? 'GET';
	let body: Uint8Array<ArrayBuffer> | undefined;
	if (method !== 'GET' && method !== 'HEAD') {
		const chunks: Buffer[] = [];
		for await (const chunk of incoming) chunks.push(chunk as Buffer);
		body = new Uint8Array(Buffer.concat(chunks));
	}
	return new Request(new URL(incoming.url ?? '/', origin), { method, headers, body });
}

/** Writes a web `Response` to a Node response, streaming its body (event streams included). */
export async function writeWebResponse(response: Response, outgoing: ServerResponse): Promise<void> {
	const headers: Record<string, string> = {};
	response.headers.forEach((value, name) => (headers[name] = value));
	outgoing.writeHead(response.status, headers);
	if (!response.body) {
		outgoing.end();
		return;
	}
	outgoing.flushHeaders();
	const reader = response.body.getReader();
	outgoing.once('close', () => void reader.cancel().catch(() => undefined));
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			outgoing.write(value);
		}
	} catch {
		// The client went away mid-stream; nothing left to write to.
	}
	outgoing.end();
}
