/**
 * For the datasets session tests and the session benchmark only: raw MCP requests over real
 * HTTP from a chosen local address (Linux routes all of 127.0.0.0/8 to loopback, so
 * 127.0.0.2, 127.0.0.3… are distinct clients of a server on 127.0.0.1), the way a flooding
 * client sends them.
 */
import { request } from 'node:http';

/** What came back: status, the session id issued, Retry-After. */
export interface RawAnswer {
	status: number;
	sessionId?: string;
	retryAfter?: string;
	body: string;
}

const initialize = JSON.stringify({
	jsonrpc: '2.0',
	id: 1,
	method: 'initialize',
	params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '1' } }
});

/** POSTs `body` (default: initialize) to `url` from `localAddress`, in `sessionId` when given; reads the answer to its end. */
export function postFrom(
	url: string,
	localAddress: string,
	options: { body?: string; sessionId?: string; headers?: Record<string, string> } = {}
): Promise<RawAnswer> {
	const target = new URL(url);
	const body = options.body ?? initialize;
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{
				host: target.hostname,
				port: target.port,
				path: target.pathname,
				method: 'POST',
				localAddress,
				agent: false,
				headers: {
					'content-type': 'application/json',
					accept: 'application/json, text/event-stream',
					'content-length': Buffer.byteLength(body),
					...(options.sessionId ? { 'mcp-session-id': options.sessionId, 'mcp-protocol-version': '2025-06-18' } : {}),
					...options.headers
				}
			},
			(incoming) => {
				const chunks: Buffer[] = [];
				incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
				incoming.on('error', reject);
				incoming.on('end', () => {
					const sessionId = incoming.headers['mcp-session-id'];
					const retryAfter = incoming.headers['retry-after'];
					resolve({
						status: incoming.statusCode ?? 0,
						sessionId: typeof sessionId === 'string' ? sessionId : undefined,
						retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
						body: Buffer.concat(chunks).toString('utf8')
					});
				});
			}
		);
		outgoing.on('error', reject);
		outgoing.end(body);
	});
}

/** A `tools/list` request body, to see whether a session is still alive. */
export const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

/** Counts each status among `answers` (`{ 200: 30, 429: 270 }`). */
export function statusCounts(answers: readonly RawAnswer[]): Record<number, number> {
	const counts: Record<number, number> = {};
	for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
	return counts;
}
