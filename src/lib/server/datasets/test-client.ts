/**
 * For the datasets tests only: a datasets MCP server on a fresh engine with an SDK client
 * linked to it in memory, opened before the file's tests and closed after them.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll } from 'vitest';
import { DatasetEngine } from './engine';
import { createDatasetsMcpServer } from './server';

export interface LinkedDatasets {
	engine: DatasetEngine;
	client: Client;
}

/** Registers the hooks; the returned object is filled in once `beforeAll` has run. */
export function linkedDatasetsClient(name: string, queryTimeoutMs: number): LinkedDatasets {
	const linked = {} as LinkedDatasets;
	beforeAll(async () => {
		linked.engine = await DatasetEngine.create({ queryTimeoutMs });
		const server = createDatasetsMcpServer(linked.engine);
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await server.connect(serverSide);
		linked.client = new Client({ name, version: '1.0.0' });
		await linked.client.connect(clientSide);
	});
	afterAll(async () => {
		await linked.client.close();
		linked.engine.close();
	});
	return linked;
}
