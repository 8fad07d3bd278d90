import { describe, expect, it } from 'vitest';
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { rawDispatchOver } from './task-raw-dispatch';

/** A linked pair: the client end gets the raw path; the other end plays the server. */
async function pair() {
	const [client, server] = InMemoryTransport.createLinkedPair();
	const seenByClient: JSONRPCMessage[] = [];
	const seenByServer: JSONRPCMessage[] = [];
	client.onmessage = (message) => seenByClient.push(message);
	server.onmessage = (message) => seenByServer.push(message);
	await client.start();
	await server.start();
	return { client, server, seenByClient, seenByServer, dispatch: rawDispatchOver(client) };
}

describe('the raw task request path', () => {
	it('takes its own responses off the transport and passes every other message to the client', async () => {
		const { server, seenByClient, seenByServer, dispatch } = await pair();
		const answered = dispatch({ method: 'tasks/get', params: { taskId: 't1' } } as never);
		await expect.poll(() => seenByServer.length).toBe(1);
		const request = seenByServer[0] as { id: string; method: string };
		expect(request.method).toBe('tasks/get');
		await server.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
		await server.send({ jsonrpc: '2.0', id: request.id, result: { status: 'working' } } as JSONRPCMessage);
		expect(await answered).toEqual({ kind: 'result', result: { status: 'working' } });
		expect(seenByClient).toEqual([expect.objectContaining({ method: 'notifications/message' })]);
	});

	it('ends a waiting request when its caller aborts, and when the transport closes', async () => {
		const { client, dispatch } = await pair();
		const controller = new AbortController();
		const aborted = dispatch(
			{ method: 'tasks/get', params: { taskId: 't2' } } as never,
			{
				signal: controller.signal
			} as never
		);
		controller.abort(new Error('stopped by the user'));
		await expect(aborted).rejects.toThrow('stopped by the user');

		const waiting = dispatch({ method: 'tasks/get', params: { taskId: 't3' } } as never);
		await client.close();
		await expect(waiting).rejects.toMatchObject({ code: 'mcp_disconnected' });
	});
});
