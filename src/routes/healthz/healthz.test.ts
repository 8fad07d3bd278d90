import { describe, expect, it } from 'vitest';
import { GET } from './+server';

/** Calls the route the way SvelteKit does, with a real Request sent under `host`. */
async function healthz(host: string): Promise<Record<string, unknown>> {
	const request = new Request(`http://${host}/healthz`, { headers: { host } });
	const response = await GET({ request, url: new URL(request.url) } as Parameters<typeof GET>[0]);
	expect(response.status).toBe(200);
	return response.json();
}

describe('/healthz', () => {
	it("reports version and datasets state under the app's own names", async () => {
		const body = await healthz('127.0.0.1:4173');
		expect(body).toMatchObject({ status: 'ok', datasets: { sessions: 0 } });
		expect(body.version).toEqual(expect.any(String));
	});

	it('says only "ok" under a host name the app does not answer for (a rebinding page)', async () => {
		expect(await healthz('evil.example:4173')).toEqual({ status: 'ok' });
		expect(await healthz('10.0.0.5:4173')).toEqual({ status: 'ok' });
	});
});
