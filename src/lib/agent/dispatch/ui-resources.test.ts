import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolCallResult } from '$lib/shared';
import { resultSurfaces } from './ui-resources';

const surface = (text: string) => [
	{
		version: 'v0.9',
		createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' }
	},
	{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text }] } }
];

describe('A2UI resources of a structured tool result', () => {
	it('lifts every application/a2ui+json resource whole, past what the model is given', async () => {
		const server = new McpServer({ name: 'a2ui-fixture', version: '1.0.0' });
		const long = 'x'.repeat(30_000);
		server.registerTool('show_booking', { description: 'A booking form as A2UI' }, async () => ({
			content: [
				{ type: 'text', text: 'Here is the form.' },
				{
					type: 'resource',
					resource: { uri: 'a2ui://booking', mimeType: 'application/a2ui+json', text: JSON.stringify(surface(long)) }
				},
				{
					type: 'resource',
					resource: {
						uri: 'mcp://other',
						mimeType: 'application/a2ui+json',
						blob: Buffer.from(JSON.stringify({ messages: surface('from a blob') })).toString('base64')
					}
				},
				{
					type: 'resource',
					resource: { uri: 'file://notes.txt', mimeType: 'text/plain', text: '[{"createSurface":{}}]' }
				},
				{ type: 'resource', resource: { uri: 'a2ui://broken', mimeType: 'application/a2ui+json', text: '[{"cut' } }
			]
		}));
		const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
		const client = new Client({ name: 'test', version: '1.0.0' });
		await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
		const result = (await client.callTool({ name: 'show_booking', arguments: {} })) as ToolCallResult;
		expect(resultSurfaces(result)).toEqual([
			{ uri: 'a2ui://booking', messages: surface(long) },
			{ uri: 'mcp://other', messages: surface('from a blob') }
		]);
		await client.close();
	});
});
