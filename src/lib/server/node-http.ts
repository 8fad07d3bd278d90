/**
 * Node's HTTP server speaking web `Request`/`Response`, for the servers that run outside
 * SvelteKit (the standalone datasets server) and for tests that serve a route handler on a
 * loopback port the way the SvelteKit route does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

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

/**
 * Serves `handle` on 127.0.0.1, on a port the system picks, the way a route serves it: each
 * Node request as a web `Request` (its origin from the Host header), the `Response` written
 * back. `handle` also gets the Node request (its socket, its raw URL). Close `server` when done.
 */
export async function serveWeb(
	handle: (request: Request, incoming: IncomingMessage) => Promise<Response>
): Promise<{ origin: string; server: Server }> {
	const server = createServer(async (incoming, outgoing) => {
		const request = await toWebRequest(incoming, `http://${incoming.headers.host}`);
		await writeWebResponse(await handle(request, incoming), outgoing);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	return { origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}
