import { describe, expect, it } from 'vitest';
import { lookUpSandboxOrigins, serverLabel, viewOriginFor } from './sandbox-origin';

describe('the View origin of a server', () => {
	const origins = { shared: 'http://127.0.0.1:4174', perServer: 'http://*.localhost:4174' };

	it('is its own subdomain: stable for a server, different between servers', async () => {
		const a = await viewOriginFor(origins, 'http://127.0.0.1:3001/mcp');
		const again = await viewOriginFor(origins, 'http://127.0.0.1:3001/mcp');
		const b = await viewOriginFor(origins, 'http://127.0.0.1:3002/mcp');
		expect(a).toEqual(again);
		expect(a?.own).toBe(true);
		expect(a?.origin).toMatch(/^http:\/\/v[0-9a-f]{24}\.localhost:4174$/);
		expect(b?.origin).not.toBe(a?.origin);
		expect(await serverLabel('x')).toBe('v2d711642b726b04401627ca9');
	});

	it('is the shared origin without a per-server pattern, and none without a sandbox', async () => {
		expect(await viewOriginFor({ shared: 'https://views.example.com', perServer: null }, 'k')).toEqual({
			origin: 'https://views.example.com',
			own: false
		});
		expect(await viewOriginFor({ shared: null, perServer: null }, 'k')).toBeNull();
	});

	it('takes only a well-formed pattern from the app server', async () => {
		const answer = (body: unknown) => async () => Response.json(body);
		expect(
			await lookUpSandboxOrigins(
				answer({ sandboxOrigin: 'http://127.0.0.1:4174', serverOrigins: 'http://*.localhost:4174' })
			)
		).toEqual(origins);
		expect(
			await lookUpSandboxOrigins(answer({ sandboxOrigin: 'http://127.0.0.1:4174', serverOrigins: 'javascript:*' }))
		).toEqual({ shared: 'http://127.0.0.1:4174', perServer: null });
	});
});
